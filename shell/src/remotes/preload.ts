import { startRemotes } from './register';
import type { AreaName } from './remotes';

const preloaded = new Set<AreaName>();

/**
 * Fetches an area's manifest, entry, exposed module and CSS ahead of a visit (≈ 9× faster click to content,
 * mf-runtime-notes.md). A failure is swallowed: it does not poison a later `loadRemote`.
 */
export async function preloadArea(area: AreaName): Promise<boolean> {
  if (preloaded.has(area)) return true;
  preloaded.add(area);
  try {
    const { instance, areas } = await startRemotes();
    if (!areas.includes(area)) return false;
    await instance.preloadRemote([{ nameOrAlias: area, resourceCategory: 'all' }]);
    return true;
  } catch (error) {
    preloaded.delete(area); // try again on the next hover
    console.info(`Preloading ${area} failed; it will load on visit`, error);
    return false;
  }
}

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/** Preloads the given areas one after another once the browser is idle. */
export function preloadWhenIdle(list: readonly AreaName[]): void {
  const idle = window as IdleWindow;
  const schedule = (run: () => void) =>
    idle.requestIdleCallback ? idle.requestIdleCallback(run, { timeout: 4000 }) : window.setTimeout(run, 1500);
  schedule(() => {
    void list.reduce<Promise<unknown>>((previous, area) => previous.then(() => preloadArea(area)), Promise.resolve());
  });
}

export function resetPreloadsForTests(): void {
  preloaded.clear();
}
