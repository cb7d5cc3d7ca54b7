/**
 * How the shell gets an area's code, in one place:
 * 1. `startRemotes`: `/remotes.json` (asked for by index.ts before the async boundary) is read and each area
 *    registered with the Module Federation runtime; nothing is fetched from a remote yet.
 * 2. `startAreaEarly`: on a page load straight into an area, its code is asked for as the shell starts, beside
 *    the shell's own first render (≈ 0.5 s sooner on a reload of /journal under load, bench/README.md).
 * 3. `loadAreaParcel`: the outlet's load of the area's single-spa lifecycles (taking over the early one).
 * 4. `preloadArea`: a pointer on, or focus in, an area's navigation link fetches its entry ahead of the click.
 * Each load brings the shared code the area's first screen runs (the kit) beside the area's own files: the
 * shell provides it, so a remote would ask for it only once its own code runs, one round trip later.
 */
import { createInstance, getInstance } from '@module-federation/enhanced/runtime';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { ParcelConfigObject } from 'single-spa';
import { oldestAreaContract, shellContract } from '@lifeboard/shared/area/contract';
import { remotesConfigRequest, remotesConfigUrl, takeEarly } from './early-config';
import { createErrorParcel, remoteFallbackPlugin, remoteLoadErrorCode } from './fallback';
import type { AreaParcelProps } from './fallback';
import { areas, isAreaName, lifecyclesId } from './remotes';
import type { AreaName } from './remotes';

/** The code shown when remotes.json is missing or does not list the area. */
export const remoteConfigErrorCode = 'LB-REMOTE-CONFIG';
/** The code shown when the deployed area was built for another shell contract than this shell runs. */
export const remoteContractErrorCode = 'LB-REMOTE-CONTRACT';

// --- 1. remotes.json ---------------------------------------------------------------------------------------

/** `remotes.json`: area name → URL of that remote's `mf-manifest.json`, chosen at deploy time. */
export type RemotesConfig = Partial<Record<AreaName, string>>;

export class RemotesConfigError extends Error {
  override name = 'RemotesConfigError';
}

/**
 * Accepts only known areas with absolute http(s) URLs, or paths on the site's own origin (`/remotes/…`, as nginx
 * serves every area beside the shell), made absolute here; anything else is reported and left out.
 */
export function parseRemotesConfig(
  value: unknown,
  origin: string | undefined = globalThis.location?.origin,
): RemotesConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RemotesConfigError('remotes.json must be an object of area name → manifest URL');
  }
  const config: RemotesConfig = {};
  for (const [name, url] of Object.entries(value)) {
    if (!isAreaName(name)) {
      console.warn(`remotes.json: unknown area "${name}" ignored`);
      continue;
    }
    const onThisSite = typeof url === 'string' && Boolean(origin) && /^\/(?!\/)/.test(url);
    if (typeof url !== 'string' || !(/^https?:\/\//.test(url) || onThisSite)) {
      console.warn(`remotes.json: "${name}" needs an absolute http(s) URL or a path on this site`);
      continue;
    }
    config[name] = onThisSite ? new URL(url, origin).href : url;
  }
  return config;
}

export async function fetchRemotesConfig(
  url = remotesConfigUrl,
  fetchFn: typeof fetch = fetch,
): Promise<RemotesConfig> {
  const response = await fetchFn(url, remotesConfigRequest);
  if (!response.ok) throw new RemotesConfigError(`${url} answered ${response.status}`);
  return parseRemotesConfig(await response.json());
}

/** The shell's federation instance: the one its build plugin created, else a fresh one (tests, tools). */
export function federation(): ModuleFederation {
  return getInstance() ?? createInstance({ name: 'shell', remotes: [] });
}

/** Registers every area of the config with the runtime, plus the fallback plugin (once per instance). */
export function registerAreas(instance: ModuleFederation, config: RemotesConfig): AreaName[] {
  if (!instance.options.plugins.some((plugin) => plugin.name === 'lifeboard-remote-fallback')) {
    instance.registerPlugins([remoteFallbackPlugin()]);
  }
  const remotes = Object.entries(config).flatMap(([name, entry]) =>
    isAreaName(name) && entry ? [{ name, entry }] : [],
  );
  instance.registerRemotes(remotes);
  return remotes.map((remote) => remote.name);
}

export interface RegisteredRemotes {
  instance: ModuleFederation;
  areas: AreaName[];
}

let started: Promise<RegisteredRemotes> | null = null;
/** The config registered last; `unused` until the first area visit takes the page's own start-up read. */
let current: { config: RemotesConfig; unused: boolean } | null = null;

/** `fetch`, except that the first call takes over the request the shell's first script made (early-config.ts). */
const fetchTakingEarly: typeof fetch = (input, init) => takeEarly(remotesConfigUrl) ?? fetch(input, init);

/** Reads `/remotes.json` once (again after a failure) and registers the remotes. */
export function startRemotes(fetchFn: typeof fetch = fetchTakingEarly): Promise<RegisteredRemotes> {
  started ??= fetchRemotesConfig(remotesConfigUrl, fetchFn).then(
    (config) => {
      const instance = federation();
      current = { config, unused: true };
      return { instance, areas: registerAreas(instance, config) };
    },
    (error: unknown) => {
      started = null; // the next area visit asks again
      throw error;
    },
  );
  return started;
}

/** Where the page notes the remotes.json it reloaded for, so it never reloads twice for one change. */
export const reloadedForKey = 'lifeboard:remotes-reloaded-for';

/** What a visit's look at remotes.json found: nothing moved, the page is loading again, or areas registered anew. */
export interface VisitCheck {
  reloading: boolean;
  reRegistered: AreaName[];
}

/**
 * A visit to `area` reads remotes.json again (a conditional request: usually a 304), beside the area's own load
 * rather than before it, so a version a team deployed (or rolled back to) since the page loaded is the one the
 * visit gets, without a round trip in front of every visit.
 * - An area whose code the page has not run is registered anew at its new address.
 * - The visited area, or one whose code already runs here, cannot be swapped in place (both versions' chunks would
 *   share one chunk registry on the page): the page loads again, once, at the address the person is going to. The
 *   new page reads the new remotes.json at start-up and finds nothing changed, so it never loops; the file it
 *   reloaded for is kept in sessionStorage, and it never reloads twice for the same file.
 * The page's first area visit uses the page's own start-up read. When the file cannot be read, nothing changes.
 */
export async function checkRemotesForVisit(
  area: AreaName,
  registered: RegisteredRemotes,
  fetchFn: typeof fetch = fetch,
  reload: () => void = () => window.location.reload(),
): Promise<VisitCheck> {
  const unchanged: VisitCheck = { reloading: false, reRegistered: [] };
  if (!current) return unchanged;
  if (current.unused) {
    current.unused = false;
    return unchanged;
  }
  let config: RemotesConfig;
  try {
    config = await fetchRemotesConfig(remotesConfigUrl, fetchFn);
  } catch (error) {
    console.warn('remotes.json could not be read again; the areas stay as they are', error);
    return unchanged;
  }
  const before = current.config;
  current = { config, unused: false };
  const moved = Object.entries(config).flatMap(([name, entry]) =>
    isAreaName(name) && entry && before[name] !== entry ? [{ name, entry }] : [],
  );
  if (moved.length === 0) return unchanged;
  const running = moved.some(({ name }) => name === area || registered.instance.moduleCache.has(name));
  const stamp = JSON.stringify(config);
  if (running && sessionStorage.getItem(reloadedForKey) !== stamp) {
    sessionStorage.setItem(reloadedForKey, stamp);
    reload();
    return { reloading: true, reRegistered: [] };
  }
  // `force`: the runtime forgets what it knew of the old version (its manifest), so the next load fetches the new one.
  registered.instance.registerRemotes(moved, { force: true });
  registered.areas = Object.keys(config).filter(isAreaName);
  return { reloading: false, reRegistered: moved.map(({ name }) => name) };
}

/** For tests: forget the start-up so another one can run. */
export function resetRemotesForTests(): void {
  started = null;
  current = null;
}

// --- The shared code an area's first screen runs -----------------------------------------------------------

type Importer = () => Promise<unknown>;

/**
 * The UI kit, the list stores and the date helpers. Not the schema-driven screens (`kit-models`, ~9 kB gzip):
 * an area asks for them with the paths that show one, so /calendar and /planner go without.
 */
const kitImports: readonly Importer[] = [
  () => import('@lifeboard/shared/ui/Button'), // with the whole basic kit: one chunk (scripts/rspack-common.ts)
  () => import('@lifeboard/shared/stores/use-collection'),
  () => import('@lifeboard/shared/stores/data-loaders'),
  () => import('@lifeboard/shared/stores/use-form-draft'),
  () => import('@lifeboard/shared/ui/model/record-cache'),
  () => import('@lifeboard/shared/ui/model/local-date'),
  () => import('@lifeboard/shared/lib/date-display'),
];

const kitLoading = new Map<Importer, Promise<void>>();

/** Loads (once each) the kit, when `area` runs it; a failure is logged and retried by the next call. Never rejects. */
export function loadKitFor(area: AreaName, imports: readonly Importer[] = kitImports): Promise<void> {
  if (!areas[area].usesKit) return Promise.resolve();
  return Promise.all(
    imports.map((load) => {
      let loading = kitLoading.get(load);
      if (!loading) {
        loading = load().then(
          () => undefined,
          (error: unknown) => {
            kitLoading.delete(load);
            console.info('Shared area code could not be loaded ahead; an area will load it itself', error);
          },
        );
        kitLoading.set(load, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

// --- 2. and 3. An area's lifecycles ------------------------------------------------------------------------

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

let markMounted = () => {};
/** Settles once an area's first mount has (its first screen rendered, or failed): the session check waits for it. */
export const firstAreaMount = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** The area's mount, which also settles `firstAreaMount`. */
function markingMount(mount: Lifecycles['mount']): Lifecycles['mount'] {
  return Array.isArray(mount)
    ? mount.map((step) => markingMount(step) as typeof step)
    : (props) => mount(props).finally(markMounted);
}

/** Loads started before the outlet asked (a page load straight into an area): each is used once. */
const startedEarly = new Map<AreaName, Promise<unknown>>();

/** On a page load straight into the area, the bootstrap starts its code; `loadAreaParcel` takes the load over. */
export function startAreaEarly(area: AreaName): void {
  const load = startRemotes().then(({ instance, areas: listed }) =>
    listed.includes(area) ? instance.loadRemote<unknown>(lifecyclesId(area)) : null,
  );
  load.catch(() => undefined); // the outlet's own load reports a failure
  startedEarly.set(area, load);
  void loadKitFor(area);
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
  void loadKitFor(area);
  const early = startedEarly.get(area);
  startedEarly.delete(area);
  const fresh = () => registered.instance.loadRemote<unknown>(lifecyclesId(area));
  // A version deployed since the page loaded is looked for beside the load, not in front of it.
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
  return {
    ...(name ? { name } : {}),
    bootstrap,
    mount: markingMount(mount),
    unmount,
    ...(update ? { update } : {}),
  };
}

// --- 4. Preloading on intent -------------------------------------------------------------------------------

const preloaded = new Set<AreaName>();

/**
 * Whether an area may be fetched ahead of a visit. The admin area never is, not even for admins: its files
 * are fetched only when an admin opens `/admin…` (architecture.md, property 5).
 */
export function isPreloadable(area: AreaName): boolean {
  return !areas[area].adminOnly;
}

/**
 * On a hover or focus of the area's link: its manifest, entry and exposed modules' own files, with the shared
 * code its first screen runs; not its screens' chunks (a pointer crossing the navigation must not cost every
 * screen of the area). Once per area; a failure is swallowed and the next hover tries again.
 */
export async function preloadArea(area: AreaName): Promise<boolean> {
  if (!isPreloadable(area) || preloaded.has(area)) return isPreloadable(area);
  preloaded.add(area);
  try {
    const { instance, areas: listed } = await startRemotes();
    if (!listed.includes(area)) return false;
    await Promise.all([instance.preloadRemote([{ nameOrAlias: area, resourceCategory: 'sync' }]), loadKitFor(area)]);
    return true;
  } catch (error) {
    preloaded.delete(area);
    console.info(`Preloading ${area} failed; it will load on visit`, error);
    return false;
  }
}

export function resetPreloadsForTests(): void {
  preloaded.clear();
  kitLoading.clear();
}
