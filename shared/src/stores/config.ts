import { atom } from 'nanostores';

/** A Plausible- or Umami-compatible page-view counter: its script's address and this site's id there. */
export interface AnalyticsSettings {
  scriptUrl: string;
  siteId: string;
}

/**
 * What differs per environment, read at start-up from `/settings.json` (served beside `/remotes.json` by
 * scripts/serve-static.mjs), never compiled into a bundle: one build runs against any API.
 */
export interface Config {
  /** Base URL of the API, without a trailing slash; empty until the settings are read. */
  apiUrl: string;
  /** The analytics tag, or null when none is configured. */
  analytics: AnalyticsSettings | null;
}

/** Where the shell and a remote's standalone page read their settings. */
export const runtimeSettingsUrl = '/settings.json';
export const runtimeSettingsRequest: RequestInit = { cache: 'no-cache', headers: { Accept: 'application/json' } };

export const $config = atom<Config>({ apiUrl: '', analytics: null });

let settle: { resolve: (config: Config) => void; reject: (error: Error) => void } = {
  resolve: () => {},
  reject: () => {},
};
let ready = newReady();

function newReady(): Promise<Config> {
  const promise = new Promise<Config>((resolve, reject) => {
    settle = { resolve, reject };
  });
  promise.catch(() => undefined); // reported by whoever waits for it
  return promise;
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

export function setConfig(partial: Partial<Config>): void {
  const next = { ...$config.get(), ...partial };
  const config = { ...next, apiUrl: trimmed(next.apiUrl) };
  $config.set(config);
  if (config.apiUrl) settle.resolve(config);
}

/**
 * The settings once they are known: what every API call waits for (shared/api/client.ts). It is usually
 * settled before the first call, the settings having been asked for by the page's first script.
 */
export function configReady(): Promise<Config> {
  return $config.get().apiUrl ? Promise.resolve($config.get()) : ready;
}

/** The settings could not be read: calls waiting for them fail (as "no answer") instead of waiting forever. */
export function failConfig(error: Error): void {
  settle.reject(error);
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export class RuntimeSettingsError extends Error {}

/** The settings file's content, checked: an absolute API URL, and the analytics tag whole or absent. */
export function parseRuntimeSettings(value: unknown): Config {
  if (typeof value !== 'object' || value === null) throw new RuntimeSettingsError('settings.json must be an object');
  const { apiUrl, analytics } = value as Record<string, unknown>;
  if (!isHttpUrl(apiUrl)) throw new RuntimeSettingsError('settings.json: "apiUrl" must be an absolute http(s) URL');
  if (analytics === null || analytics === undefined) return { apiUrl: trimmed(apiUrl), analytics: null };
  const { scriptUrl, siteId } = analytics as Record<string, unknown>;
  if (!isHttpUrl(scriptUrl) || typeof siteId !== 'string' || !siteId) {
    throw new RuntimeSettingsError(
      'settings.json: "analytics" needs a "scriptUrl" (absolute http(s) URL) and a "siteId"',
    );
  }
  return { apiUrl: trimmed(apiUrl), analytics: { scriptUrl, siteId } };
}

let loading: Promise<Config> | null = null;
let failed = false;

/**
 * Reads the settings once (from `response` when the page's first script already asked for them) and applies
 * them. A failure is reported to the calls waiting for them; the next call of this function asks again.
 */
export function loadRuntimeSettings(response?: Promise<Response> | null): Promise<Config> {
  if (!loading && failed) {
    failed = false;
    ready = newReady(); // calls from now on wait for this attempt
  }
  loading ??= (async () => {
    const answer = await (response ?? fetch(runtimeSettingsUrl, runtimeSettingsRequest));
    if (!answer.ok) throw new RuntimeSettingsError(`${runtimeSettingsUrl} answered ${answer.status}`);
    const config = parseRuntimeSettings(await answer.json());
    setConfig(config);
    return config;
  })().catch((error: unknown) => {
    loading = null;
    const failure = error instanceof Error ? error : new Error(String(error));
    failed = true;
    failConfig(failure);
    throw failure;
  });
  return loading;
}

/** For tests: forget the settings. */
export function resetConfigForTests(): void {
  loading = null;
  failed = false;
  ready = newReady();
  $config.set({ apiUrl: '', analytics: null });
}
