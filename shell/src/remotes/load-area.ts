import type { ParcelConfigObject } from 'single-spa';
import { oldestAreaContract, shellContract } from '@lifeboard/shared/area/contract';
import { loadAreaFoundations } from './area-foundations';
import { createErrorParcel, remoteLoadErrorCode } from './fallback';
import type { AreaParcelProps } from './fallback';
import { checkRemotesForVisit, startRemotes } from './register';
import type { AreaName } from './remotes';
import { areas, lifecyclesId } from './remotes';

/** The code shown when remotes.json is missing or does not list the area. */
export const remoteConfigErrorCode = 'LB-REMOTE-CONFIG';
/** The code shown when the deployed area was built for another shell contract than this shell runs. */
export const remoteContractErrorCode = 'LB-REMOTE-CONTRACT';

/**
 * Whether this shell can run an area built for `contract` (its lifecycles' `shellContract`). Areas built before
 * they stated one were built for the first contract.
 */
export function contractProblem(label: string, contract: unknown): { title: string; text: string } | null {
  const stated = contract === undefined ? 1 : contract;
  if (typeof stated !== 'number' || !Number.isInteger(stated) || stated > shellContract) {
    return {
      title: `${label} needs a newer Lifeboard`,
      text: `A newer version of ${label} was put online than this page can run. Reload the page to get the newest Lifeboard; the rest of the app keeps working.`,
    };
  }
  if (stated < oldestAreaContract) {
    return {
      title: `${label} is out of date`,
      text: `The version of ${label} that is online is too old for this Lifeboard. It will work again once a newer one is put online; the rest of the app keeps working.`,
    };
  }
  return null;
}

type Lifecycles = Pick<ParcelConfigObject<AreaParcelProps>, 'name' | 'bootstrap' | 'mount' | 'unmount' | 'update'>;

function isLifecycles(value: unknown): value is Lifecycles {
  const candidate = value as Partial<Lifecycles> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.mount === 'function' &&
    typeof candidate.unmount === 'function'
  );
}

/** Loads started before the outlet asked (a page load straight into an area): each is used once. */
const startedEarly = new Map<AreaName, Promise<unknown>>();
/** Area loads not yet settled (screens and /home widgets): idle preloading waits for them (preload.ts). */
const inFlight = new Set<Promise<unknown>>();

export function trackAreaLoad<T>(load: Promise<T>): Promise<T> {
  inFlight.add(load);
  const settle = () => inFlight.delete(load);
  load.then(settle, settle);
  return load;
}

/**
 * An area's mount, counted as an area load until it settles: an area's mount renders its first screen (its
 * root waits for the screen's code), and what waits for area loads (the session check, idle preloading) must
 * not take the main thread from that render either.
 */
export function trackingMounts(mount: Lifecycles['mount']): Lifecycles['mount'] {
  return Array.isArray(mount)
    ? mount.map((step) => trackingMounts(step) as typeof step)
    : (props) => trackAreaLoad(mount(props));
}

/**
 * Resolves once every area load under way has settled (at once when there is none), or `capMs` later if that
 * comes first: work that must not compete with an area's first screen must not wait long on an area that hangs
 * either (a script that never answers times out after 20 s).
 */
export async function areaLoadsSettled(capMs?: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let capped = false;
  const cap = new Promise<void>((resolve) => {
    if (capMs !== undefined)
      timer = setTimeout(() => {
        capped = true;
        resolve();
      }, capMs);
  });
  try {
    while (inFlight.size > 0 && !capped) await Promise.race([Promise.allSettled([...inFlight]), cap]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts an area's code (and the shared code its first screen runs) before the outlet asks for it: on a page
 * load straight into the area, the bootstrap calls this as it starts; the outlet's `loadAreaParcel` takes the
 * load over.
 */
export function startAreaEarly(area: AreaName): void {
  const load = startRemotes().then(({ instance, areas: listed }) =>
    listed.includes(area) ? instance.loadRemote<unknown>(lifecyclesId(area)) : null,
  );
  load.catch(() => undefined); // the outlet's own load reports a failure
  startedEarly.set(area, trackAreaLoad(load));
  void loadAreaFoundations(areas[area].foundations);
}

/**
 * The parcel config of an area: its exposed single-spa lifecycles, loaded through the MF runtime. A remote
 * that cannot be fetched comes back as the fallback plugin's error parcel; a missing remotes.json entry as
 * an error parcel here. Each call is a fresh `loadRemote` (the first may take over the one `startAreaEarly`
 * began), which is what Retry relies on.
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
  void loadAreaFoundations(areas[area].foundations);
  const early = startedEarly.get(area);
  startedEarly.delete(area);
  const fresh = () => trackAreaLoad(registered.instance.loadRemote<unknown>(lifecyclesId(area)));
  // A version deployed since the page loaded (register.ts) is looked for beside the load, not in front of it.
  const [loaded, visit] = await Promise.all([
    early ? early.catch(fresh) : fresh(),
    checkRemotesForVisit(area, registered),
  ]);
  const module = visit.reRegistered.includes(area) ? await fresh() : loaded;
  if (!isLifecycles(module))
    return createErrorParcel(label, new Error(`${area} exposes no lifecycles`), remoteLoadErrorCode);
  const stated = (module as { shellContract?: unknown }).shellContract;
  const skew = contractProblem(label, stated);
  if (skew) {
    const error = new Error(`${area} was built for shell contract ${String(stated)}; this shell runs ${shellContract}`);
    return createErrorParcel(label, error, remoteContractErrorCode, skew);
  }
  // A fresh object per mount. An area's module has no name, so single-spa names each parcel itself and two
  // attempts never collide; the fallback's error parcel keeps its name.
  const { name, bootstrap, mount, unmount, update } = module;
  return { ...(name ? { name } : {}), bootstrap, mount: trackingMounts(mount), unmount, ...(update ? { update } : {}) };
}
