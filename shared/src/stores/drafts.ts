import { $session } from './session';
import { storageKeyPrefix } from './persistent';

/**
 * Unsaved form text that survives a reload, a crash or a forced sign-out (architecture.md property 4).
 * Kept per user so accounts sharing a browser never see each other's drafts; removed when saved, or
 * when the user signs out on purpose (`clearDrafts`), not when a 401 signs them out.
 */
const prefix = `${storageKeyPrefix}draft:`;

function keyFor(formKey: string): string {
  return `${prefix}${$session.get().user?.id ?? 'anonymous'}:${formKey}`;
}

export interface Draft<T> {
  value: T;
  saved_at: string;
}

export function saveDraft<T>(formKey: string, value: T): void {
  try {
    const draft: Draft<T> = { value, saved_at: new Date().toISOString() };
    localStorage.setItem(keyFor(formKey), JSON.stringify(draft));
  } catch (error) {
    console.error('Could not keep the draft', error);
  }
}

export function loadDraft<T>(formKey: string): Draft<T> | null {
  try {
    const raw = localStorage.getItem(keyFor(formKey));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && 'value' in parsed ? (parsed as Draft<T>) : null;
  } catch {
    return null;
  }
}

export function discardDraft(formKey: string): void {
  try {
    localStorage.removeItem(keyFor(formKey));
  } catch {
    // Storage unavailable: there is nothing to discard.
  }
}

/** Removes every draft of the current user (an explicit sign-out on a shared computer). */
export function clearDrafts(): void {
  try {
    const mine = `${prefix}${$session.get().user?.id ?? 'anonymous'}:`;
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(
      (key): key is string => key !== null && key.startsWith(mine),
    );
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing to clear.
  }
}
