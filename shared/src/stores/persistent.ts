import { atom, onSet } from 'nanostores';
import type { PreinitializedWritableAtom } from 'nanostores';

/** localStorage may be missing (SSR, tests in node) or throw (private mode, quota): never let that break a store. */
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStored<T>(key: string, isValid: (value: unknown) => value is T): T | undefined {
  const raw = storage()?.getItem(key);
  if (raw == null) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes `value` as JSON, or removes the key for `undefined`. A value longer than `maxChars` is not
 * kept at all (a big list must not crowd the token out of the ~5 MB quota), and when the quota refuses
 * a write the old copy is removed, so a later visit never shows stale data as current.
 */
export function writeStored(key: string, value: unknown, maxChars = Infinity): void {
  const store = storage();
  if (!store) return;
  try {
    const text = value === undefined ? undefined : JSON.stringify(value);
    if (text === undefined || text.length > maxChars) store.removeItem(key);
    else store.setItem(key, text);
  } catch (error) {
    // The in-memory state stays; the next visit simply starts from the server.
    console.error(`Could not persist ${key}`, error);
    try {
      store.removeItem(key);
    } catch {
      // Nothing more can be done.
    }
  }
}

/** Removes every stored key that starts with `prefix` (copies left by stores this page never created). */
export function removeStoredWithPrefix(prefix: string): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key !== null && key.startsWith(prefix),
    );
    for (const key of keys) store.removeItem(key);
  } catch (error) {
    console.error(`Could not remove the stored copies under ${prefix}`, error);
  }
}

export interface PersistOptions<T = unknown> {
  /** Longest JSON text kept; a longer value lives in memory only. */
  maxChars?: number;
  /** What of a value may rest in localStorage (the rest lives in memory only); the whole value by default. */
  keep?: (value: T) => T;
}

/**
 * An atom read back from localStorage at creation and written on every `set`, whoever sets it.
 * `onSet` (not a listener) so `cleanStores` in tests does not silently switch persistence off.
 */
export function persistentAtom<T>(
  key: string,
  initial: T,
  isValid: (value: unknown) => value is T,
  { maxChars, keep }: PersistOptions<T> = {},
): PreinitializedWritableAtom<T> {
  const read = readStored(key, isValid);
  const stored = read !== undefined && keep ? keep(read) : read;
  // A copy written before `keep` held more than it may: replaced at once.
  if (stored !== read) writeStored(key, stored, maxChars);
  const $store = atom<T>(stored === undefined ? initial : stored);
  onSet($store, ({ newValue }) => writeStored(key, keep ? keep(newValue) : newValue, maxChars));
  return $store;
}

export const storageKeyPrefix = 'lifeboard:';
