import { areaLifecycles } from '@lifeboard/shared/area/lifecycles';
import { preloadFor } from './screens';

/**
 * The single-spa lifecycles the shell mounts as a parcel. The root is asked for as this module runs and, in
 * parallel, the visited screen's code (`preloadFor`), so that screen renders without suspending.
 */
export const { bootstrap, mount, unmount } = areaLifecycles(() =>
  Promise.all([import('./root'), preloadFor(window.location)]).then(([module]) => module.Root),
);

/** The shell contract this build was made for: a shell that cannot run it shows the area's failure panel. */
export { shellContract } from '@lifeboard/shared/area/contract';
