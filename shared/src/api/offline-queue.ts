import { keptConnection } from '../lib/idb-connection';
import type { DBSchema } from 'idb';
import { notify } from '../stores/notifications';
import { $offline, offlineWritesFlag, patchOffline, rememberRealValue } from '../stores/offline';
import type { UnsentWrite } from '../stores/offline';
import { $session } from '../stores/session';
import { http, isSuccessStatus } from './client';

/**
 * Writes made offline (issue 31): kept in IndexedDB, per user, in the order they were made, and sent when the
 * network comes back, one at a time, each with the `Idempotency-Key` it was first sent with, so the API runs each
 * at most once even when the first try did reach it (api/src/plugins/idempotency.ts). A write the API refuses is
 * never dropped: it moves to `unsent` with its text, a toast says so, and the shell lists it until dismissed.
 * Loaded only when a write found no network, or when the shell finds the flag `offlineWritesFlag` at start.
 */

export interface QueuedWrite {
  seq?: number;
  /** The user who made it: only their session sends it. */
  user: number;
  url: string;
  data: unknown;
  key: string;
  label: string;
  text: string;
  queuedAt: string;
  /**
   * What the app was told in place of the API's answer (a new record's temporary id, an update's temporary
   * `updated_at`), so later queued writes that used them get the real ones once this one is sent.
   */
  stand_in?: { id?: number; updated_at?: string; model?: string };
}

interface StoredUnsent extends UnsentWrite {
  user: number;
}

interface QueueDb extends DBSchema {
  writes: { key: number; value: QueuedWrite & { seq: number }; indexes: { user: number } };
  unsent: { key: number; value: StoredUnsent; indexes: { user: number } };
}

export const queueDbName = 'lifeboard-offline';
const queueConnection = keptConnection<QueueDb>(queueDbName, 1, (db) => {
  db.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true }).createIndex('user', 'user');
  db.createObjectStore('unsent', { keyPath: 'seq' }).createIndex('user', 'user');
});
const openQueue = queueConnection.open;
/** Closes the connection (tests, and before deleting the database). */
export const closeQueue = queueConnection.close;

function setFlag(on: boolean): void {
  try {
    if (on) localStorage.setItem(offlineWritesFlag, '1');
    else localStorage.removeItem(offlineWritesFlag);
  } catch {
    // storage off: the queue is still read when the network comes back in this page
  }
}

/** The current user's pending count and refused writes, into the store the shell shows. */
async function refresh(user: number): Promise<void> {
  const db = await openQueue();
  const [pending, unsent, anyLeft] = await Promise.all([
    db.countFromIndex('writes', 'user', user),
    db.getAllFromIndex('unsent', 'user', user),
    Promise.all([db.count('writes'), db.count('unsent')]),
  ]);
  patchOffline({ pending, unsent: unsent.map(({ user: _user, ...shown }) => shown) });
  setFlag(anyLeft[0] + anyLeft[1] > 0);
}

function currentUser(): number | null {
  const id = $session.get().user?.id;
  return typeof id === 'number' ? id : null;
}

/** Keeps a write that found no network; false when it could not be kept (no user, no IndexedDB). */
export async function queueWrite(write: Omit<QueuedWrite, 'user' | 'queuedAt'>): Promise<boolean> {
  const user = currentUser();
  if (user === null) return false;
  try {
    const db = await openQueue();
    await db.add('writes', { ...write, user, queuedAt: new Date().toISOString() } as QueuedWrite & { seq: number });
    await refresh(user);
    return true;
  } catch (error) {
    console.error('The change could not be kept on this device:', error);
    return false;
  }
}

function messageOf(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'error']) {
      const value = record[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return status === 409
    ? 'It was changed elsewhere in the meantime.'
    : status === 404
      ? 'What it changed no longer exists.'
      : `The server refused it (${status}).`;
}

/** The record an answer carries (`{ <model>: { id, updated_at } }`), to put in place of the stand-in's values. */
function recordOf(body: unknown, model: string | undefined): { id?: number; updated_at?: string } | null {
  if (!model || typeof body !== 'object' || body === null) return null;
  const record = (body as Record<string, unknown>)[model];
  if (typeof record !== 'object' || record === null) return null;
  const { id, updated_at: updatedAt } = record as Record<string, unknown>;
  return {
    ...(typeof id === 'number' ? { id } : {}),
    ...(typeof updatedAt === 'string' ? { updated_at: updatedAt } : {}),
  };
}

/** `data.params.id` and `data.params.expected_updated_at` with a stand-in's values replaced by the real ones. */
export function withRealValues(data: unknown, ids: Map<number, number>, versions: Map<string, string>): unknown {
  if (typeof data !== 'object' || data === null || !('params' in data)) return data;
  const params = data.params;
  if (typeof params !== 'object' || params === null) return data;
  const next = { ...(params as Record<string, unknown>) };
  let changed = false;
  for (const field of ['id', 'habit_id'] as const) {
    const value = next[field];
    if (typeof value === 'number' && ids.has(value)) {
      next[field] = ids.get(value);
      changed = true;
    }
  }
  const expected = next.expected_updated_at;
  if (typeof expected === 'string' && versions.has(expected)) {
    next.expected_updated_at = versions.get(expected);
    changed = true;
  }
  return changed ? { ...data, params: next } : data;
}

let sending: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retries = 0;
/** Tried again while writes wait and the API gave no answer (its process down; no `online` event comes then). */
const retryDelaysMs = [2000, 5000, 10_000] as const;

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  if ($offline.get().pending === 0 || currentUser() === null) {
    retries = 0;
    return;
  }
  const wait = retryDelaysMs[Math.min(retries, retryDelaysMs.length - 1)];
  retries += 1;
  retryTimer = setTimeout(() => void sendQueuedWrites(), wait);
}

/** Stops the retries (tests; a page that is leaving needs nothing: the next start sends what waits). */
export function stopRetrying(): void {
  clearTimeout(retryTimer);
  retries = 0;
}

/**
 * Sends the current user's queued writes in order. Stops at the first that gets no answer (still offline) or a
 * 401, 429 or 5xx (tried again later; its key keeps the repeat from running twice). Another tab sending at the
 * same time waits (Web Locks), so the two never send one write side by side.
 */
export function sendQueuedWrites(): Promise<void> {
  sending ??= (async () => {
    try {
      const run = () => sendAll();
      if (typeof navigator !== 'undefined' && 'locks' in navigator)
        await navigator.locks.request('lifeboard-offline-writes', run);
      else await run();
    } catch (error) {
      console.error('The changes made offline could not be sent:', error);
    } finally {
      sending = null;
      scheduleRetry();
    }
  })();
  return sending;
}

async function sendAll(): Promise<void> {
  const user = currentUser();
  if (user === null) return;
  const db = await openQueue();
  for (;;) {
    const [write] = await db.getAllFromIndex('writes', 'user', user, 1);
    if (!write) break;
    const answer = await http.request<unknown>({
      method: 'POST',
      url: write.url,
      data: write.data,
      headers: { 'Idempotency-Key': write.key },
      keepErrorBody: true,
    });
    const { status } = answer;
    if (status === 0 || status === 401 || status === 429 || status >= 500) break;
    const tx = db.transaction(['writes', 'unsent'], 'readwrite');
    const writes = tx.objectStore('writes');
    await writes.delete(write.seq);
    if (isSuccessStatus(status)) {
      // Later writes that used this one's stand-in values (an edit of a record made offline) get the real ones now,
      // kept in the database, so a page closed halfway still sends them right.
      const ids = new Map<number, number>();
      const versions = new Map<string, string>();
      const real = recordOf(answer.data, write.stand_in?.model);
      if (write.stand_in?.id !== undefined && real?.id !== undefined) ids.set(write.stand_in.id, real.id);
      if (write.stand_in?.updated_at && real?.updated_at) versions.set(write.stand_in.updated_at, real.updated_at);
      for (const [standIn, value] of [...ids, ...versions]) rememberRealValue(standIn, value);
      if (ids.size + versions.size > 0) {
        for (const later of await writes.index('user').getAll(user)) {
          const data = withRealValues(later.data, ids, versions);
          if (data !== later.data) await writes.put({ ...later, data });
        }
      }
    } else {
      const reason = messageOf(answer.data, status);
      await tx.objectStore('unsent').put({
        seq: write.seq,
        user,
        label: write.label,
        text: write.text,
        reason,
        queuedAt: write.queuedAt,
      });
      notify({
        kind: 'error',
        message: `${write.label} made offline could not be saved: ${reason} Your text is kept.`,
      });
    }
    await tx.done;
  }
  await refresh(user);
}

/** The shell's list of refused changes: the person read or copied one, and lets it go. */
export async function dismissUnsent(seq: number): Promise<void> {
  const user = currentUser();
  const db = await openQueue();
  await db.delete('unsent', seq);
  if (user !== null) await refresh(user);
}

/** At start: the store shows this user's waiting and refused changes; then what waits is sent. */
export async function startQueue(): Promise<void> {
  const user = currentUser();
  if (user === null) return;
  await refresh(user);
  if ($offline.get().pending > 0) await sendQueuedWrites();
}
