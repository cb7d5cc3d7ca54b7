import { atom } from 'nanostores';

/** A change made offline that the API refused when it was sent (api/offline-queue.ts), kept with its text. */
export interface UnsentWrite {
  seq: number;
  /** What it was, in the person's words: "A mood", "Changes to a journal entry". */
  label: string;
  /** The text the person wrote (a title, a note, the body as plain text); '' when it had none. */
  text: string;
  /** Why it was refused, as the API said it. */
  reason: string;
  queuedAt: string;
}

export interface OfflineState {
  /** The browser's own view (`navigator.onLine`, its online/offline events). */
  online: boolean;
  /** When the oldest answer given from this device's copies (no network) was kept; null when none. */
  keptAt: string | null;
  /** Whether a screen shows kept data (a read was answered from its copy: api/offline-copies.ts). */
  showsKept: boolean;
  /** Changes made offline, waiting to be sent. */
  pending: number;
  unsent: UnsentWrite[];
}

/** What the shell's offline banner shows (shell/src/layouts/OfflineBanner.tsx). */
export const $offline = atom<OfflineState>({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  keptAt: null,
  showsKept: false,
  pending: 0,
  unsent: [],
});

export function patchOffline(patch: Partial<OfflineState>): void {
  $offline.set({ ...$offline.get(), ...patch });
}

/**
 * The real values of the stand-ins given for writes made offline (a new record's id, an edit's `updated_at`),
 * filled as the queue sends them: a later write that still names a stand-in (an editor left open) names the real
 * one (api/resource.ts).
 */
const realValues = new Map<string, unknown>();

export function rememberRealValue(standIn: number | string, real: number | string): void {
  realValues.set(`${typeof standIn}:${standIn}`, real);
}

export function realValueOf<T extends number | string>(value: T): T {
  const real = realValues.get(`${typeof value}:${value}`);
  return typeof real === typeof value ? (real as T) : value;
}

/**
 * Set while this browser holds queued or refused offline changes: the shell then loads the queue at start and when
 * the network comes back; without it, the queue's code is never fetched.
 */
export const offlineWritesFlag = 'lifeboard:offline-writes';

/**
 * Offline use is this device's owner's choice (/devices), off until turned on: while on, the service worker keeps
 * the app's files and the page keeps its last answers, so screens seen before open without a network. Off, no copy
 * of the person's data is kept on the device, and no worker stands between the page and its files.
 */
export const offlineUseKey = 'lifeboard:offline-use';

export function offlineUseOn(): boolean {
  try {
    return localStorage.getItem(offlineUseKey) === 'on';
  } catch {
    return false;
  }
}
