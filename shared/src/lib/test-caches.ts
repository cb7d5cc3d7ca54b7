/**
 * Cache Storage as the browser has it, in memory: a map of answers per cache name, keyed by absolute address (a
 * relative one is taken on `origin`, as a service worker's `caches` takes it on its own). For the tests of the
 * page's copies of the API's answers (api/offline-copies.ts, installed with `vi.stubGlobal('caches', …)`) and of
 * the service worker (shell/public/sw.js, handed to its code).
 */
export function memoryCaches(origin = 'http://localhost') {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (key: RequestInfo | URL) =>
    new URL(typeof key === 'string' ? key : key instanceof URL ? key.href : key.url, origin).href;
  return {
    stores,
    /** The first kept answer for `key` in any cache, as `caches.match` looks in every one. */
    match: (key: RequestInfo | URL) => {
      for (const store of stores.values()) {
        const kept = store.get(keyOf(key));
        if (kept) return Promise.resolve(kept.clone());
      }
      return Promise.resolve(undefined);
    },
    open: (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return Promise.resolve({
        put: (key: RequestInfo | URL, response: Response) => {
          store.set(keyOf(key), response);
          return Promise.resolve();
        },
        match: (key: RequestInfo | URL) => Promise.resolve(store.get(keyOf(key))?.clone()),
      });
    },
    has: (name: string) => Promise.resolve(stores.has(name)),
    keys: () => Promise.resolve([...stores.keys()]),
    delete: (name: string) => Promise.resolve(stores.delete(name)),
  };
}
