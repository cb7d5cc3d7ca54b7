/**
 * `/remotes.json` and `/settings.json`, asked for by the shell's first script (index.ts) before its async
 * boundary, side by side. The bootstrap's own chunks take a round trip or two to arrive, and an area's manifest
 * can only be asked for once remotes.json is in: on a page load into an area it was the longest wait of the
 * start, queued behind the shell's own chunks. The settings (the API's address,
 * shared/stores/config.ts) come the same way, so no API call waits a round trip in series for them.
 * `startRemotes` (load-area.ts) and the bootstrap take these answers over, once each (`takeEarly`).
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
