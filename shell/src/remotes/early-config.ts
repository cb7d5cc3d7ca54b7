/**
 * `/remotes.json`, asked for by the shell's first script (index.ts) before its async boundary. The bootstrap's
 * own chunks take a round trip or two to arrive, and an area's manifest can only be asked for once this file
 * is in: on a page load into an area it was the longest wait of the start (measured ≈ 70 ms locally, queued
 * behind the shell's own chunks). `startRemotes` (register.ts) takes this answer over, once.
 */
export const remotesConfigUrl = '/remotes.json';
export const remotesConfigRequest: RequestInit = { cache: 'no-cache', headers: { Accept: 'application/json' } };

let early: Promise<Response> | null = null;

export function requestRemotesConfigEarly(): void {
  early = fetch(remotesConfigUrl, remotesConfigRequest);
  early.catch(() => undefined); // reported by whoever takes it over
}

/** The early request, if one was made and not yet taken; later callers fetch again. */
export function takeEarlyRemotesConfig(): Promise<Response> | null {
  const taken = early;
  early = null;
  return taken;
}
