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

export function writeStored(key: string, value: unknown): void {
  const store = storage();
  if (!store) return;
  try {
    if (value === undefined) store.removeItem(key);
    else store.setItem(key, JSON.stringify(value));
  } catch (error) {
    // A full quota must not lose the in-memory state; the next visit simply starts from the server.
    console.error(`Could not persist ${key}`, error);
  }
}

/**
 * An atom read back from localStorage at creation and written on every `set`, whoever sets it.
 * `onSet` (not a listener) so `cleanStores` in tests does not silently switch persistence off.
 */
export function persistentAtom<T>(key: string, initial: T, isValid: (value: unknown) => value is T): PreinitializedWritableAtom<T> {
  const stored = readStored(key, isValid);
  const $store = atom<T>(stored === undefined ? initial : stored);
  onSet($store, ({ newValue }) => writeStored(key, newValue));
  return $store;
}

export const storageKeyPrefix = 'lifeboard:';
