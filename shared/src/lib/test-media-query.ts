import { vi } from 'vitest';

/**
 * A stand-in for `matchMedia` (the test DOM has none), for what reads `useMediaQuery` (use-media-query.ts):
 * `matches` answers a query each time it is read. Removed with `vi.unstubAllGlobals()`.
 */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        get matches() {
          return matches(query);
        },
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) satisfies Pick<MediaQueryList, 'matches' | 'media' | 'addEventListener' | 'removeEventListener'>,
  );
}
