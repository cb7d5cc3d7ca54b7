import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
import { loadOnceStartingNow } from '@lifeboard/shared/lib/load-once';
import { preloadFor } from './screens';

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
 * The root component and, in parallel, what the visited page needs first (its screen's code; the journal's list
 * request). Asked for as soon as this module runs, which the shell makes happen only to mount the area, and not
 * at the mount, which waits for the shell's first render: on a page load straight into /journal the screen's
 * chunks were asked for 40–50 ms later that way.
 */
const loadRoot = loadOnceStartingNow(() => Promise.all([import('./root'), preloadFor(window.location)]).then(([module]) => module.Root));

/** The single-spa lifecycles the shell mounts as a parcel. */
const lifecycles = singleSpaReact<AreaProps>({
  React,
  ReactDOMClient,
  loadRootComponent: loadRoot,
  errorBoundary: (error: Error, _info: React.ErrorInfo, props: AreaProps & AppProps) => (
    <AreaCrash error={error} retry={props.retry} />
  ),
});

export const { bootstrap, mount, unmount } = lifecycles;
