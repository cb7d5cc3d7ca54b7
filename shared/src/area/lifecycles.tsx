import React from 'react';
import type { ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ReactAppOrParcel } from 'single-spa-react';
import type { AppProps } from 'single-spa';
import { loadOnceStartingNow } from '../lib/load-once';

/** Props the shell passes to an area's parcel. */
export interface AreaProps {
  /** Unmounts and mounts the area again: the retry of the crash panel below. */
  retry?: () => void;
}

/** What a render error inside an area shows, in that area only; the shell around it keeps working. */
function AreaCrash({ retry }: { retry?: () => void }) {
  return (
    <section role="alert" className="lb-area-crash" data-error-code="LB-AREA-RENDER">
      <h2>This area hit an error</h2>
      <p>Something went wrong while showing this page. Try again; the rest of the app keeps working.</p>
      <p>
        If it keeps happening, tell support this code: <code>LB-AREA-RENDER</code>
      </p>
      {retry ? (
        <button type="button" onClick={retry}>
          Retry
        </button>
      ) : null}
    </section>
  );
}

/**
 * The single-spa lifecycles an area exposes for the shell to mount as a parcel, around the area's root
 * component (which takes no props). `loadRoot` is asked for at once, as the remote's lifecycles module runs
 * (which the shell makes happen only to mount the area), not at the mount, which waits for the shell's first
 * render.
 */
export function areaLifecycles(loadRoot: () => Promise<() => ReactNode>): ReactAppOrParcel<AreaProps> {
  return singleSpaReact<AreaProps>({
    React,
    ReactDOMClient,
    loadRootComponent: loadOnceStartingNow(loadRoot),
    errorBoundary: (error: Error, info: React.ErrorInfo, props: AreaProps & AppProps) => {
      // The user reads what to do; the error itself is for the console.
      console.error('LB-AREA-RENDER', error, info.componentStack);
      return <AreaCrash retry={props.retry} />;
    },
  });
}
