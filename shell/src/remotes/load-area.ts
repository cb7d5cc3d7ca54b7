import type { ParcelConfigObject } from 'single-spa';
import { loadAreaFoundations } from './area-foundations';
import { createErrorParcel, remoteLoadErrorCode } from './fallback';
import type { AreaParcelProps } from './fallback';
import { startRemotes } from './register';
import type { AreaName } from './remotes';
import { areas, lifecyclesId } from './remotes';

/** The code shown when remotes.json is missing or does not list the area. */
export const remoteConfigErrorCode = 'LB-REMOTE-CONFIG';

type Lifecycles = Pick<ParcelConfigObject<AreaParcelProps>, 'name' | 'bootstrap' | 'mount' | 'unmount' | 'update'>;

function isLifecycles(value: unknown): value is Lifecycles {
  const candidate = value as Partial<Lifecycles> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.mount === 'function' && typeof candidate.unmount === 'function';
}

/**
 * The parcel config of an area: its exposed single-spa lifecycles, loaded through the MF runtime. A remote
 * that cannot be fetched comes back as the fallback plugin's error parcel; a missing remotes.json entry as
 * an error parcel here. Each call is a fresh `loadRemote`, which is what Retry relies on.
 */
export async function loadAreaParcel(area: AreaName): Promise<ParcelConfigObject<AreaParcelProps>> {
  const { label } = areas[area];
  let registered;
  try {
    registered = await startRemotes();
  } catch (error) {
    return createErrorParcel(label, error, remoteConfigErrorCode);
  }
  if (!registered.areas.includes(area)) {
    return createErrorParcel(label, new Error(`${area} is not listed in remotes.json`), remoteConfigErrorCode);
  }
  // The shared code the area's first screen needs comes beside the area's own files, not after them.
  void loadAreaFoundations();
  const module = await registered.instance.loadRemote<unknown>(lifecyclesId(area));
  if (!isLifecycles(module)) return createErrorParcel(label, new Error(`${area} exposes no lifecycles`), remoteLoadErrorCode);
  // A fresh object per mount. An area's module has no name, so single-spa names each parcel itself and two
  // attempts never collide; the fallback's error parcel keeps its name.
  const { name, bootstrap, mount, unmount, update } = module;
  return { ...(name ? { name } : {}), bootstrap, mount, unmount, ...(update ? { update } : {}) };
}
