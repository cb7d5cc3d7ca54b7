import { createInstance, getInstance } from '@module-federation/enhanced/runtime';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { remoteFallbackPlugin } from './fallback';
import type { AreaName } from './remotes';
import { isAreaName } from './remotes';
import { remotesConfigRequest, remotesConfigUrl, takeEarlyRemotesConfig } from './early-config';

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
const fetchTakingEarly: typeof fetch = (input, init) => takeEarlyRemotesConfig() ?? fetch(input, init);

/**
 * Start-up: read `/remotes.json` and register the remotes. Nothing is fetched from a remote here: with
 * the shell's `loaded-first` share strategy, an area's code loads only when one of its routes is visited.
 */
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
