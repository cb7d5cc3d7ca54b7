import { areaLifecycles } from '@lifeboard/shared/area/lifecycles';
import { preloadFor } from './screens';

/**
 * The single-spa lifecycles the shell mounts as a parcel. With the root, and in parallel, comes what the visited
 * page needs first (its screen's code; the journal's list request), asked for as this module runs, not at the
 * mount, which waits for the shell's first render.
 */
export const { bootstrap, mount, unmount } = areaLifecycles(() =>
  Promise.all([import('./root'), preloadFor(window.location)]).then(([module]) => module.Root),
);

/** The shell contract this build was made for: a shell that cannot run it shows the area's failure panel. */
export { shellContract } from '@lifeboard/shared/area/contract';
