/**
 * How the shell gets an area's code, in one place:
 * 1. `startRemotes`: `/remotes.json` (asked for by index.ts before the async boundary) is read and each area
 *    registered with the Module Federation runtime; nothing is fetched from a remote yet.
 * 2. `startAreaEarly`: on a page load straight into an area, its code is asked for as the shell starts, beside
 *    the shell's own first render (≈ 0.5 s sooner on a reload of /journal under load, bench/README.md).
 * 3. `loadAreaParcel`: the outlet's load of the area's single-spa lifecycles (taking over the early one).
 * 4. `preloadArea`: a pointer on, or focus in, an area's navigation link fetches its entry ahead of the click.
 * Each load brings the shared code the area's first screen runs (`foundations`) beside the area's own files: the
 * shell provides it, so a remote would ask for it only once its own code runs, one round trip later.
 */
import { createInstance, getInstance } from '@module-federation/enhanced/runtime';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { ParcelConfigObject } from 'single-spa';
import { remotesConfigRequest, remotesConfigUrl, takeEarlyRemotesConfig } from './early-config';
import { createErrorParcel, remoteFallbackPlugin, remoteLoadErrorCode } from './fallback';
import type { AreaParcelProps } from './fallback';
import { areas, isAreaName, lifecyclesId } from './remotes';
import type { AreaFoundations, AreaName } from './remotes';

/** The code shown when remotes.json is missing or does not list the area. */
export const remoteConfigErrorCode = 'LB-REMOTE-CONFIG';

// --- 1. remotes.json ---------------------------------------------------------------------------------------

/** `remotes.json`: area name → URL of that remote's `mf-manifest.json`, chosen at deploy time. */
export type RemotesConfig = Partial<Record<AreaName, string>>;

export class RemotesConfigError extends Error {
  override name = 'RemotesConfigError';
}

/** Accepts only known areas with absolute http(s) URLs; anything else is reported and left out. */
export function parseRemotesConfig(value: unknown): RemotesConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RemotesConfigError('remotes.json must be an object of area name → manifest URL');
  }
  const config: RemotesConfig = {};
  for (const [name, url] of Object.entries(value)) {
    if (!isAreaName(name)) {
      console.warn(`remotes.json: unknown area "${name}" ignored`);
      continue;
    }
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      console.warn(`remotes.json: "${name}" needs an absolute http(s) URL`);
      continue;
    }
    config[name] = url;
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

/** `fetch`, except that the first call takes over the request the shell's first script made (early-config.ts). */
const fetchTakingEarly: typeof fetch = (input, init) => takeEarlyRemotesConfig() ?? fetch(input, init);

/** Reads `/remotes.json` once (again after a failure) and registers the remotes. */
export function startRemotes(fetchFn: typeof fetch = fetchTakingEarly): Promise<RegisteredRemotes> {
  started ??= fetchRemotesConfig(remotesConfigUrl, fetchFn).then(
    (config) => {
      const instance = federation();
      return { instance, areas: registerAreas(instance, config) };
    },
    (error: unknown) => {
      started = null; // the next area visit asks again
      throw error;
    },
  );
  return started;
}

/** For tests: forget the start-up so another one can run. */
export function resetRemotesForTests(): void {
  started = null;
}

// --- The shared code an area's first screen runs -----------------------------------------------------------

type Importer = () => Promise<unknown>;

/** The UI kit, the list stores and the date helpers (bespoke screens such as the journal's). */
const kitImports: readonly Importer[] = [
  () => import('@lifeboard/shared/ui/Button'), // with the whole basic kit: one chunk (scripts/rspack-common.ts)
  () => import('@lifeboard/shared/stores/use-collection'),
  () => import('@lifeboard/shared/stores/data-loaders'),
  () => import('@lifeboard/shared/stores/use-form-draft'),
  () => import('@lifeboard/shared/ui/model/record-cache'),
  () => import('@lifeboard/shared/ui/model/local-date'),
  () => import('@lifeboard/shared/lib/date-display'),
];

/** That and the schema-driven screens (the registry and zod load only when a form opens, ModelForm.tsx). */
const schemaScreenImports: readonly Importer[] = [
  ...kitImports,
  () => import('@lifeboard/shared/ui/ModelScreen'), // with the schema-driven screens: one chunk
];

export function foundationImports(kind: AreaFoundations): readonly Importer[] {
  if (kind === 'schema-screens') return schemaScreenImports;
  if (kind === 'kit') return kitImports;
  return []; // the admin area runs its own screens
}

const foundationsLoading = new Map<Importer, Promise<void>>();

/** Loads (once each) what `kind` needs; a failure is logged and retried by the next call. Never rejects. */
export function loadAreaFoundations(
  kind: AreaFoundations,
  imports: readonly Importer[] = foundationImports(kind),
): Promise<void> {
  return Promise.all(
    imports.map((load) => {
      let loading = foundationsLoading.get(load);
      if (!loading) {
        loading = load().then(
          () => undefined,
          (error: unknown) => {
            foundationsLoading.delete(load);
            console.info('Shared area code could not be loaded ahead; an area will load it itself', error);
          },
        );
        foundationsLoading.set(load, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

// --- 2. and 3. An area's lifecycles ------------------------------------------------------------------------

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
  void loadAreaFoundations(areas[area].foundations);
  const early = startedEarly.get(area);
  startedEarly.delete(area);
  const fresh = () => registered.instance.loadRemote<unknown>(lifecyclesId(area));
  const module = early ? await early.catch(fresh) : await fresh();
  if (!isLifecycles(module))
    return createErrorParcel(label, new Error(`${area} exposes no lifecycles`), remoteLoadErrorCode);
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
    await Promise.all([
      instance.preloadRemote([{ nameOrAlias: area, resourceCategory: 'sync' }]),
      loadAreaFoundations(areas[area].foundations),
    ]);
    return true;
  } catch (error) {
    preloaded.delete(area);
    console.info(`Preloading ${area} failed; it will load on visit`, error);
    return false;
  }
}

export function resetPreloadsForTests(): void {
  preloaded.clear();
  foundationsLoading.clear();
}
