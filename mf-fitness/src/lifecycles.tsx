import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
import { loadOnceStartingNow } from '@lifeboard/shared/lib/load-once';

/** Props the shell passes to this area's parcel. */
export interface AreaProps {
  /** Unmounts and mounts the area again: the retry of the crash panel below. */
  retry?: () => void;
}

/** What a render error inside this area shows, in this area only; the shell around it keeps working. */
function AreaCrash({ error, retry }: { error: Error; retry?: () => void }) {
  return (
    <section role="alert" className="lb-area-crash" data-error-code="LB-AREA-RENDER">
      <h2>This area hit an error</h2>
      <p>{error.message || 'Something went wrong while showing this page.'}</p>
      <p><code>LB-AREA-RENDER</code></p>
      {retry ? <button type="button" onClick={retry}>Retry</button> : null}
    </section>
  );
}

/**
 * The single-spa lifecycles the shell mounts as a parcel. The root component is asked for as this module runs,
 * which the shell makes happen only to mount the area, and not at the mount, which waits for the shell's render.
 */
const lifecycles = singleSpaReact<AreaProps>({
  React,
  ReactDOMClient,
  loadRootComponent: loadOnceStartingNow(() => import('./root').then((module) => module.Root)),
  errorBoundary: (error: Error, _info: React.ErrorInfo, props: AreaProps & AppProps) => (
    <AreaCrash error={error} retry={props.retry} />
  ),
});

export const { bootstrap, mount, unmount } = lifecycles;
