/**
 * `/remotes.json` and `/settings.json`, asked for side by side by the shell's first script (index.ts), before its
 * async boundary: an area's manifest waits for remotes.json and every API call for the settings, and neither waits
 * behind the bootstrap's chunks. `startRemotes` (load-area.ts) and the bootstrap take the answers over (`takeEarly`).
 * No import here: this module is in the entry chunk, before the shared modules are set up.
 */
export const remotesConfigUrl = '/remotes.json';
/** The same address as `runtimeSettingsUrl` of shared/stores/config.ts (a test checks it). */
export const settingsUrl = '/settings.json';
export const remotesConfigRequest: RequestInit = { cache: 'no-cache', headers: { Accept: 'application/json' } };

const early = new Map<string, Promise<Response>>();

/** Both requests, side by side; each answer is taken over once (`takeEarly`). */
export function requestStartConfigEarly(): void {
  for (const url of [remotesConfigUrl, settingsUrl]) {
    const response = fetch(url, remotesConfigRequest);
    response.catch(() => undefined); // reported by whoever takes it over
    early.set(url, response);
  }
}

/** The early request for `url`, if one was made and not yet taken; later callers fetch again. */
export function takeEarly(url: string): Promise<Response> | null {
  const taken = early.get(url) ?? null;
  early.delete(url);
  return taken;
}
