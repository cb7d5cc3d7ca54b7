import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeApi } from '../lib/test-fake-api';
import type { RecordedRequest } from '../lib/test-api-server';
import { makeUser } from '../models/test-user';
import { setConfig } from '../stores/config';
import { $notifications, dismissAll } from '../stores/notifications';
import { $offline, offlineWritesFlag, patchOffline } from '../stores/offline';
import { clearSession, setSession } from '../stores/session';
import { send } from './client';
import { closeQueue, dismissUnsent, queueDbName, sendQueuedWrites, startQueue, stopRetrying } from './offline-queue';
import { createResource } from './resource';

const api = withFakeApi();
const moods = createResource('mood');
const entries = createResource('journal_entry');
const BOARD = 3;

/** The API gone: requests reach it (they are recorded) but no answer comes back, as when the network drops. */
function offline(routes: string[]): void {
  for (const route of routes) api.on(route, { hangUp: true });
}

// happy-dom's Web Locks never run the callback: one lock at a time, as a browser's within one tab.
Object.defineProperty(navigator, 'locks', {
  configurable: true,
  value: { request: (_name: string, run: () => Promise<void>) => run() },
});

const sent = (path: string) => api.requests.filter((r: RecordedRequest) => r.path === path);
const keyOf = (request: RecordedRequest) => request.headers['idempotency-key'];

beforeEach(() => {
  api.requests.length = 0;
  localStorage.clear();
  dismissAll();
  setSession('tok', makeUser({ id: 7 }));
  patchOffline({ pending: 0, unsent: [] });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  stopRetrying();
  await closeQueue();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(queueDbName);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('not deleted'));
  });
});

describe('writes made offline', () => {
  it('are kept with the key they were first sent with, answered by a stand-in, and sent once with it later', async () => {
    offline(['POST /api/mood/create']);
    const made = await moods.create(BOARD, { score: 4, note: 'Calm <b>evening</b>' });
    expect(made.ok && made.status).toBe(202);
    expect(made.ok && made.data).toMatchObject({ score: 4, note: 'Calm <b>evening</b>', board_id: BOARD });
    expect($offline.get().pending).toBe(1);
    expect(localStorage.getItem(offlineWritesFlag)).toBe('1');
    const [first] = sent('/api/mood/create');
    expect(keyOf(first)).toMatch(/^write-[0-9a-f-]{36}$/);

    api.on('POST /api/mood/create', { status: 201, body: { success: true, mood: { id: 41, score: 4 } } });
    await sendQueuedWrites();
    const tries = sent('/api/mood/create');
    expect(tries).toHaveLength(2);
    expect(keyOf(tries[1])).toBe(keyOf(first));
    expect(tries[1].body).toEqual(first.body);
    expect($offline.get().pending).toBe(0);
    expect(localStorage.getItem(offlineWritesFlag)).toBeNull();
    await sendQueuedWrites();
    expect(sent('/api/mood/create')).toHaveLength(2); // sent: never again
  });

  it('are sent in the order they were made, and a write made while others wait queues behind them', async () => {
    offline(['POST /api/mood/create', 'POST /api/habit/checkin']);
    await moods.create(BOARD, { score: 2, note: 'one' });
    await send({
      method: 'POST',
      url: '/api/habit/checkin',
      data: { board: BOARD, params: { habit_id: 5, date: '2026-11-29', value: 'yes' } },
      offline: { label: 'Habit check-in', text: '', standIn: () => ({ body: { success: true } }) },
    });
    api.requests.length = 0;
    // Back online, but the queue not sent yet: a new write waits behind the two (and starts the sending).
    api.on('POST /api/mood/create', { status: 201, body: { success: true, mood: { id: 1 } } });
    api.on('POST /api/habit/checkin', { status: 200, body: { success: true } });
    const third = await moods.create(BOARD, { score: 5, note: 'three' });
    expect(third.ok && third.status).toBe(202);
    await sendQueuedWrites();
    expect(api.requests.map((r) => [r.path, (r.body as { params: { note?: string } }).params.note])).toEqual([
      ['/api/mood/create', 'one'],
      ['/api/habit/checkin', undefined],
      ['/api/mood/create', 'three'],
    ]);
    expect($offline.get().pending).toBe(0);
  });

  it('give a later edit the real id and updated_at of a record made or changed offline', async () => {
    offline(['POST /api/journal_entry/create', 'POST /api/journal_entry/update']);
    const made = await entries.create(BOARD, { date: '2026-11-29', title: 'Trip', body: '<p>Day one</p>' });
    if (!made.ok) throw made.error;
    const edited = await entries.update(BOARD, made.data.id, {
      body: '<p>Day one, and two</p>',
      expected_updated_at: made.data.updated_at,
    });
    if (!edited.ok) throw edited.error;
    await entries.update(BOARD, made.data.id, {
      body: '<p>Day three</p>',
      expected_updated_at: edited.data.updated_at,
    });
    api.requests.length = 0;
    api.on('POST /api/journal_entry/create', {
      status: 201,
      body: { success: true, journal_entry: { id: 900, updated_at: '2026-11-29T10:00:00.000Z' } },
    });
    let version = 0;
    api.on('POST /api/journal_entry/update', () => ({
      body: { success: true, journal_entry: { id: 900, updated_at: `2026-11-29T10:00:0${(version += 1)}.000Z` } },
    }));
    await sendQueuedWrites();
    expect(
      api.requests.map((r) => {
        const { id, expected_updated_at: expected } = (r.body as { params: Record<string, unknown> }).params;
        return [r.path, id, expected];
      }),
    ).toEqual([
      ['/api/journal_entry/create', undefined, undefined],
      ['/api/journal_entry/update', 900, '2026-11-29T10:00:00.000Z'],
      ['/api/journal_entry/update', 900, '2026-11-29T10:00:01.000Z'],
    ]);
  });

  it('that the API refuses are listed with their text and a toast, never dropped; the rest still go', async () => {
    offline(['POST /api/journal_entry/update', 'POST /api/mood/create']);
    await entries.update(BOARD, 12, { title: 'Monday', body: '<p>Long <i>walk</i> by the sea</p>' });
    await moods.create(BOARD, { score: 3 }); // queued behind the edit, without being sent
    await sendQueuedWrites(); // still offline: both wait
    api.on('POST /api/journal_entry/update', {
      status: 409,
      body: { success: false, message: 'This entry was changed on another device.' },
    });
    api.on('POST /api/mood/create', { status: 201, body: { success: true, mood: { id: 2 } } });
    await sendQueuedWrites();
    expect(sent('/api/mood/create')).toHaveLength(1);
    const [unsent] = $offline.get().unsent;
    expect(unsent).toMatchObject({
      label: 'Journal entry changes',
      text: 'Monday — Long walk by the sea',
      reason: 'This entry was changed on another device.',
    });
    expect($notifications.get().map((n) => n.message)).toEqual([
      'Journal entry changes made offline could not be saved: This entry was changed on another device. Your text is kept.',
    ]);
    expect($offline.get().pending).toBe(0);
    // Still listed after a reload, until the person dismisses it.
    await closeQueue();
    patchOffline({ unsent: [] });
    await startQueue();
    expect($offline.get().unsent).toHaveLength(1);
    expect(localStorage.getItem(offlineWritesFlag)).toBe('1');
    await dismissUnsent(unsent.seq);
    expect($offline.get().unsent).toEqual([]);
    expect(localStorage.getItem(offlineWritesFlag)).toBeNull();
  });

  it('are tried again on their own while the API gives no answer (no online event comes then)', async () => {
    offline(['POST /api/mood/create']);
    await moods.create(BOARD, { score: 2, note: 'retried' });
    await sendQueuedWrites(); // still no answer: the next try is set for 2 s later
    expect($offline.get().pending).toBe(1);
    api.on('POST /api/mood/create', { status: 201, body: { success: true, mood: { id: 5 } } });
    await expect.poll(() => $offline.get().pending, { timeout: 8000 }).toBe(0);
  });

  it('stay queued while there is still no answer, or the server fails (5xx), and go later', async () => {
    offline(['POST /api/mood/create']);
    await moods.create(BOARD, { score: 1 });
    await sendQueuedWrites();
    api.on('POST /api/mood/create', { status: 503, body: {} });
    await sendQueuedWrites();
    expect($offline.get().pending).toBe(1);
    expect($offline.get().unsent).toEqual([]);
    api.on('POST /api/mood/create', { status: 201, body: { success: true, mood: { id: 3 } } });
    await sendQueuedWrites();
    expect($offline.get().pending).toBe(0);
    expect(new Set(sent('/api/mood/create').map(keyOf)).size).toBe(1);
  });

  it('are sent only by the session of the person who made them', async () => {
    offline(['POST /api/mood/create']);
    await moods.create(BOARD, { score: 4, note: 'mine' });
    clearSession();
    setSession('other', makeUser({ id: 8 }));
    api.on('POST /api/mood/create', { status: 201, body: { success: true, mood: { id: 4 } } });
    api.requests.length = 0;
    await sendQueuedWrites();
    expect(api.requests).toEqual([]);
    setSession('tok', makeUser({ id: 7 }));
    await sendQueuedWrites();
    expect(sent('/api/mood/create')).toHaveLength(1);
  });

  it('are not kept for a visitor who is signed out: the caller hears there was no answer', async () => {
    clearSession();
    offline(['POST /api/mood/create']);
    const made = await moods.create(BOARD, { score: 4 });
    expect(made.ok).toBe(false);
    expect(made.status).toBe(0);
  });

  it('are not queued when the API answers, even with a refusal', async () => {
    setConfig({ apiUrl: api.url });
    api.on('POST /api/mood/create', { status: 422, body: { message: 'The score must be between 1 and 5.' } });
    const made = await moods.create(BOARD, { score: 9 });
    expect(made.ok).toBe(false);
    expect($offline.get().pending).toBe(0);
  });
});
