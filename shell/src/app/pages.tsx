import type { ComponentType } from 'react';
import { lazyScreen } from '@lifeboard/shared/lib/lazy-screen';
import type { LazyScreen } from '@lifeboard/shared/lib/lazy-screen';
import { guard } from '../routes/guard';
import type { Viewer } from '../routes/guard';

/**
 * The shell's pages, found by name in `src/pages/**` and loaded lazily (one chunk each), so the landing
 * page ships no other page's code. A route whose page file does not exist yet resolves to `null`.
 */
// The context is `src` filtered to `./pages/`, so the build also works before the first page exists.
const pageFiles = import.meta.webpackContext('..', {
  recursive: true,
  regExp: /^\.\/pages\/(?!.*\.test\.tsx$).*\.tsx$/,
  mode: 'lazy',
});

function baseName(key: string): string {
  return (key.split('/').pop() ?? key).replace(/\.tsx$/, '').toLowerCase();
}

export function findPageFile(page: string, keys: readonly string[]): string | undefined {
  const wanted = [page.toLowerCase(), `${page.toLowerCase()}page`];
  return keys.find((key) => !key.endsWith('.test.tsx') && wanted.includes(baseName(key)));
}

function defaultExport(module: unknown): ComponentType | undefined {
  if (typeof module !== 'object' || module === null || !('default' in module)) return undefined;
  const value = module.default;
  return typeof value === 'function' || (typeof value === 'object' && value !== null)
    ? (value as ComponentType)
    : undefined;
}
const cache = new Map<string, LazyScreen<object>>();

/** A shell page by name; its code loads on its first render, or earlier through `preload()`. */
export function pageComponent(page: string): LazyScreen<object> | null {
  const key = findPageFile(page, pageFiles.keys());
  if (!key) return null;
  let component = cache.get(key);
  if (!component) {
    component = lazyScreen(async () => {
      const Page = defaultExport(await pageFiles(key));
      if (!Page) throw new Error(`The page ${key} has no default export`);
      return Page;
    });
    cache.set(key, component);
  }
  return component;
}

/**
 * On a page load straight into a shell page, starts that page's code with the shell instead of after the
 * shell's first render. Resolves once it has loaded (or failed: the page's render then shows the failure),
 * at once when the guard would render no shell page here.
 */
export function startVisitedPage(pathname: string, viewer: Viewer): Promise<void> {
  const decision = guard(pathname, viewer);
  if (decision.kind !== 'render' || decision.entry.area !== 'shell' || !decision.entry.page) return Promise.resolve();
  const page = pageComponent(decision.entry.page);
  return page
    ? page.preload().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}
