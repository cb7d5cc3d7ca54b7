/**
 * What a test's stand-in server has received (texts, pushes), and a wait for one that matches: the stand-ins'
 * one copy of "record it, wake the waiters".
 */
export interface Arrivals<T> {
  received: T[];
  /** Records an arrival and wakes the waits it matches. */
  add(item: T): void;
  /** The first arrival that matches, now or within `timeoutMs`; `missing()` says why none came. */
  waitFor(match: (item: T) => boolean, timeoutMs: number, missing: () => string): Promise<T>;
}

export function arrivals<T>(): Arrivals<T> {
  const received: T[] = [];
  const waiters = new Set<() => void>();
  return {
    received,
    add(item) {
      received.push(item);
      for (const wake of waiters) wake();
    },
    waitFor(match, timeoutMs, missing) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(missing()));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
}
