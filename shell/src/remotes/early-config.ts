/**
 * `/remotes.json` and `/settings.json`, asked for by the shell's first script (index.ts) before its async
 * boundary, side by side. The bootstrap's own chunks take a round trip or two to arrive, and an area's manifest
 * can only be asked for once remotes.json is in: on a page load into an area it was the longest wait of the
 * start, queued behind the shell's own chunks. The settings (the API's address,
 * shared/stores/config.ts) come the same way, so no API call waits a round trip in series for them.
 * `startRemotes` (load-area.ts) and the bootstrap take these answers over, once each.
 * No import here: this module is in the entry chunk, before the shared modules are set up.
 */
export const remotesConfigUrl = '/remotes.json';
/** The same address as `runtimeSettingsUrl` of shared/stores/config.ts (a test checks it). */
export const settingsUrl = '/settings.json';
export const remotesConfigRequest: RequestInit = { cache: 'no-cache', headers: { Accept: 'application/json' } };

let early: Promise<Response> | null = null;
let earlySettings: Promise<Response> | null = null;

/** Both requests, side by side; each answer is taken over once (`takeEarly…`). */
export function requestStartConfigEarly(): void {
  early = fetch(remotesConfigUrl, remotesConfigRequest);
  earlySettings = fetch(settingsUrl, remotesConfigRequest);
  // Reported by whoever takes them over.
  early.catch(() => undefined);
  earlySettings.catch(() => undefined);
}

/** The early request, if one was made and not yet taken; later callers fetch again. */
export function takeEarlyRemotesConfig(): Promise<Response> | null {
  const taken = early;
  early = null;
  return taken;
}

export function takeEarlySettings(): Promise<Response> | null {
  const taken = earlySettings;
  earlySettings = null;
  return taken;
}
