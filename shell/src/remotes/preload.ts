import { whenIdle } from '@lifeboard/shared/lib/after-paint';
import { loadAreaFoundations } from './area-foundations';
import { areaLoadsSettled } from './load-area';
import { startRemotes } from './register';
import { areas } from './remotes';
import type { AreaName } from './remotes';

/**
 * How much of an area a preload fetches. `entry`, on a hover or focus: its manifest, entry and exposed modules'
 * own files with the shared code its first screen runs, as a click is likely but not certain (a pointer
 * crossing the navigation must not cost every screen of the area: the journal's were ~76 kB gzip). `screens`,
 * when the browser is idle: every screen's code as well, except the `lazy-*` chunks.
 */
export type PreloadDepth = 'entry' | 'screens';

const preloaded = new Map<AreaName, PreloadDepth>();

/**
 * Whether an area may be fetched ahead of a visit. The admin area never is, not even for admins: its files
 * are fetched only when an admin opens `/admin…` (architecture.md, property 5).
 */
export function isPreloadable(area: AreaName): boolean {
  return !areas[area].adminOnly;
}

/**
 * Chunks a remote builds as `lazy-*` (scripts/rspack-common.ts, `onDemand`) hold code only a later screen
 * runs, such as the journal's editor (Quill, KaTeX: ≈ 140 kB gzip): preloading them on every hover or idle
 * moment cost more than the whole rest of the area, and they load on the way to that screen instead.
 */
export function isPreloadedAsset(url: string): boolean {
  return !/\/lazy-[^/]*$/.test(url);
}

/**
 * Fetches an area ahead of a visit (≈ 9× faster click to content, mf-runtime-notes.md) to `depth`, never its
 * `lazy-*` chunks, with the shared code its first screen runs (area-foundations.ts). A failure is swallowed:
 * it does not poison a later `loadRemote`, and the next hover or idle moment tries again.
 */
export async function preloadArea(area: AreaName, depth: PreloadDepth = 'screens'): Promise<boolean> {
  if (!isPreloadable(area)) return false;
  const before = preloaded.get(area);
  if (before === 'screens' || before === depth) return true;
  preloaded.set(area, depth);
  try {
    const { instance, areas: listed } = await startRemotes();
    if (!listed.includes(area)) return false;
    const resourceCategory = depth === 'screens' ? 'all' : 'sync';
    await Promise.all([
      instance.preloadRemote([{ nameOrAlias: area, resourceCategory, filter: isPreloadedAsset }]),
      loadAreaFoundations(areas[area].foundations),
    ]);
    return true;
  } catch (error) {
    if (before) preloaded.set(area, before);
    else preloaded.delete(area);
    console.info(`Preloading ${area} failed; it will load on visit`, error);
    return false;
  }
}

/** How long after the page's load event its own area loads are given to start. */
const settleMs = 500;

/** Resolves once the page has loaded (its `load` event), at once if it already has. */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Preloads the given areas (those that may be preloaded) one after another once the page has loaded, what
 * it is opening (an area, /home's widgets) has arrived and the browser is idle: warming the others must not
 * compete with what the user waits for. (`requestIdleCallback` alone fires in every network wait of the
 * first load: Lighthouse counted the journal's preloaded chunks in /home's largest paint.)
 */
export function preloadWhenIdle(list: readonly AreaName[]): void {
  const wanted = list.filter(isPreloadable);
  if (wanted.length === 0) return;
  const schedule = (run: () => void) => whenIdle(run, 4000, (later) => window.setTimeout(later, 1500));
  void pageLoaded()
    // What the page opens starts in its first effects and frames (/home's widgets wait for the first paint):
    // give it a moment to start, then let it finish.
    .then(() => new Promise((resolve) => setTimeout(resolve, settleMs)))
    .then(() => areaLoadsSettled())
    .then(() =>
      schedule(() => {
        void wanted.reduce<Promise<unknown>>(
          (previous, area) => previous.then(() => preloadArea(area, 'screens')),
          Promise.resolve(),
        );
      }),
    );
}

export function resetPreloadsForTests(): void {
  preloaded.clear();
}
