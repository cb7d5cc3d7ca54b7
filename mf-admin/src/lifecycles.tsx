import { areaLifecycles } from '@lifeboard/shared/area/lifecycles';

/** The single-spa lifecycles the shell mounts as a parcel; the root is asked for as this module runs. */
export const { bootstrap, mount, unmount } = areaLifecycles(() => import('./root').then((module) => module.Root));

/** The shell contract this build was made for: a shell that cannot run it shows the area's failure panel. */
export { shellContract } from '@lifeboard/shared/area/contract';
