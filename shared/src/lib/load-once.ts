/**
 * `load` asked for at most once at a time: every call shares the first one's promise, and a failure is
 * forgotten, so the next call asks again (a chunk that could not be fetched offline is fetched once back online).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/**
 * `loadOnce(load)` with the load started now, for code the caller is about to ask for: a failure here is
 * reported to that later call, which asks again.
 */
export function loadOnceStartingNow<T>(load: () => Promise<T>): () => Promise<T> {
  const loader = loadOnce(load);
  loader().catch(() => undefined);
  return loader;
}
