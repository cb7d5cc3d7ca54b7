import { loadAreaFoundations } from './area-foundations';
import { areaLoadsSettled } from './load-area';
import { startRemotes } from './register';
import { areas } from './remotes';
import type { AreaName } from './remotes';

const preloaded = new Set<AreaName>();

/**
 * Whether an area may be fetched ahead of a visit. The admin area never is, not even for admins: its files
 * are fetched only when an admin opens `/admin…` (architecture.md, property 5).
 */
export function isPreloadable(area: AreaName): boolean {
  return !areas[area].adminOnly;
}

/**
 * Fetches an area's manifest, entry, exposed module and CSS ahead of a visit (≈ 9× faster click to content,
 * mf-runtime-notes.md), and the shared kit and registry its first screen runs (area-foundations.ts).
 * A failure is swallowed: it does not poison a later `loadRemote`.
 */
export async function preloadArea(area: AreaName): Promise<boolean> {
  if (!isPreloadable(area)) return false;
  if (preloaded.has(area)) return true;
  preloaded.add(area);
  try {
    const { instance, areas } = await startRemotes();
    if (!areas.includes(area)) return false;
    await Promise.all([instance.preloadRemote([{ nameOrAlias: area, resourceCategory: 'all' }]), loadAreaFoundations()]);
    return true;
  } catch (error) {
    preloaded.delete(area); // try again on the next hover
    console.info(`Preloading ${area} failed; it will load on visit`, error);
    return false;
  }
}

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/**
 * Preloads the given areas (those that may be preloaded) one after another once the browser is idle and the
 * area being opened, if any, has loaded: warming the others must not compete with the one the user waits for.
 */
export function preloadWhenIdle(list: readonly AreaName[]): void {
  const wanted = list.filter(isPreloadable);
  if (wanted.length === 0) return;
  const idle = window as IdleWindow;
  const schedule = (run: () => void) =>
    idle.requestIdleCallback ? idle.requestIdleCallback(run, { timeout: 4000 }) : window.setTimeout(run, 1500);
  void areaLoadsSettled().then(() => schedule(() => {
    void wanted.reduce<Promise<unknown>>((previous, area) => previous.then(() => preloadArea(area)), Promise.resolve());
  }));
}

export function resetPreloadsForTests(): void {
  preloaded.clear();
}
