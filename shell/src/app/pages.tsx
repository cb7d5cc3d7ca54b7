import type { ComponentType } from 'react';
import { lazyScreen } from '@lifeboard/shared/lib/lazy-screen';
import type { LazyScreen } from '@lifeboard/shared/lib/lazy-screen';

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
