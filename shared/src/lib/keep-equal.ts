const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * `next`, with every part equal to the same part of `previous` taken from `previous`. The server's answer to an
 * optimistic update mostly repeats what is already shown; keeping those objects lets memoised views of them skip
 * rendering again. Plain objects and arrays are compared; anything else is kept only when identical.
 */
export function keepEqual<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return previous as T;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const merged = next.map((item: unknown, i) => {
      const kept = keepEqual(previous[i], item);
      if (kept !== previous[i]) same = false;
      return kept;
    });
    return (same ? previous : merged) as T;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(previous).length;
    const merged: Record<string, unknown> = {};
    for (const key of keys) {
      const kept = keepEqual(previous[key], next[key]);
      if (kept !== previous[key] || !Object.hasOwn(previous, key)) same = false;
      merged[key] = kept;
    }
    return (same ? previous : merged) as T;
  }
  return next;
}
