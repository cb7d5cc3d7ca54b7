import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores, keepMount } from 'nanostores';
import { setUnauthorizedHandler } from '../api/client';
import { withFakeApi } from '../lib/test-fake-api';
import { runFrames, holdFrames } from '../lib/test-frames';
import type { FakeApi, RecordedRequest } from '../lib/test-api-server';
import { $board, setBoard } from './board';
import { createCollection, getCollection, preloadFreshMs } from './collection';
import type { Collection } from './collection';
import { clearData } from './data';

/** A small stateful model API (api-contract.md) for one model, keyed by board. */
function serveModel(api: FakeApi, model: string, state: string) {
  let nextId = 100;
  const rows: Record<string, unknown>[] = [];
  const bodyOf = (request: RecordedRequest) => request.body as { board: number; params: Record<string, unknown> };
  const record = (board: number, fields: Record<string, unknown>) => ({
    board_id: board,
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
    ...fields,
  });
  // A held route waits for `release()`: a list answers with the rows as they were when asked (a copy), a create
  // stores its row only once released.
  const held: Partial<Record<'all' | 'create', Promise<void>>> = {};
  api.on(`POST /api/${model}/all`, async (request) => {
    const { board, params } = bodyOf(request);
    const mine = rows.filter((row) => row.board_id === board).map((row) => ({ ...row }));
    const limit = typeof params?.limit === 'number' ? params.limit : mine.length;
    const start = typeof params?.cursor === 'string' ? Number(params.cursor) : 0;
    const page = mine.slice(start, start + limit);
    const more = start + limit < mine.length;
    await held.all;
    return { body: { success: true, [state]: page, ...(more ? { next_cursor: String(start + limit) } : {}) } };
  });
  api.on(`POST /api/${model}/create`, async (request) => {
    await held.create;
    const { board, params } = bodyOf(request);
    const row = record(board, { ...params, id: nextId++ });
    rows.push(row);
    return { body: { success: true, [model]: row } };
  });
  api.on(`POST /api/${model}/update`, (request) => {
    const { params } = bodyOf(request);
    const row = rows.find((r) => r.id === params.id);
    if (!row) return { status: 404, body: { message: 'Not found' } };
    Object.assign(row, params);
    return { body: { success: true, [model]: row } };
  });
  api.on(`POST /api/${model}/get`, (request) => {
    const row = rows.find((r) => r.id === bodyOf(request).params.id);
    return row ? { body: { success: true, [model]: row } } : { status: 404, body: { message: 'Not found' } };
  });
  api.on(`POST /api/${model}/delete`, (request) => {
    const index = rows.findIndex((r) => r.id === bodyOf(request).params.id);
    if (index < 0) return { status: 404, body: { message: 'Not found' } };
    rows.splice(index, 1);
    return { body: { success: true, id: bodyOf(request).params.id } };
  });
  return {
    rows,
    /** Holds the answers of `route` until the returned function is called. */
    hold(route: 'all' | 'create'): () => void {
      let release = () => undefined as void;
      held[route] = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        delete held[route];
        release();
      };
    },
    seed(board: number, items: Record<string, unknown>[]) {
      for (const item of items) rows.push(record(board, { id: nextId++, ...item }));
    },
  };
}

let collection: Collection;

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  api.requests.length = 0;
  setBoard(1, 'Home');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  clearData();
  cleanStores($board, collection?.$items, collection?.$status);
});

const titles = () => collection.$items.get().map((item) => item.title);

describe('loading', () => {
  it('loads the current board and is ready', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    habits.seed(1, [{ title: 'Read' }, { title: 'Run' }]);
    habits.seed(2, [{ title: 'Other board' }]);
    collection = createCollection('habit');
    expect(collection.$status.get()).toBe('idle');
    const loading = collection.load();
    expect(collection.$status.get()).toBe('loading');
    expect(await loading).toBe(true);
    expect(titles()).toEqual(['Read', 'Run']);
    expect(collection.$status.get()).toBe('ready');
    expect(api.requests[0].body).toEqual({ board: 1, params: {} });
  });

  it('passes params (search) and keeps them for reloads', async () => {
    serveModel(api, 'habit', 'habits');
    collection = createCollection('habit');
    await collection.load({ search: 'read' });
    await collection.load();
    expect(api.requests.map((r) => r.body)).toEqual([
      { board: 1, params: { search: 'read' } },
      { board: 1, params: { search: 'read' } },
    ]);
  });

  it('success false empties the list (spec §8) and the error is kept', async () => {
    collection = createCollection('habit');
    api.on('POST /api/habit/all', {
      body: { success: true, habits: [{ id: 1, board_id: 1, created_at: '', updated_at: '', title: 'x' }] },
    });
    await collection.load();
    expect(titles()).toEqual(['x']);
    api.on('POST /api/habit/all', { body: { success: false } });
    expect(await collection.load()).toBe(false);
    expect(collection.$items.get()).toEqual([]);
    expect(collection.$status.get()).toBe('error');
    expect(collection.$error.get()?.code).toBe('LB-REJECTED');
  });

  it('any other failed load is logged and keeps what was shown (API down)', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    habits.seed(1, [{ title: 'Shown' }]);
    collection = createCollection('habit');
    await collection.load();
    api.on('POST /api/habit/all', { hangUp: true });
    expect(await collection.load()).toBe(false);
    expect(console.error).toHaveBeenCalled();
    expect(titles()).toEqual(['Shown']);
    expect([collection.$status.get(), collection.$error.get()?.code]).toEqual(['error', 'LB-NETWORK']);
  });

  it("notifies 'Unable to find model' for an unknown model", async () => {
    const { $notifications, dismissAll } = await import('./notifications');
    api.on('POST /api/unicorn/all', { status: 404, body: { success: false, error: 'Unable to find model: unicorn' } });
    collection = createCollection('unicorn');
    await collection.load();
    expect($notifications.get().map((n) => n.message)).toEqual(['Unable to find model: unicorn']);
    expect(collection.$error.get()?.code).toBe('LB-UNKNOWN-MODEL');
    dismissAll();
  });

  it('a list nobody shows does not reload on a board change', async () => {
    serveModel(api, 'habit', 'habits');
    collection = createCollection('habit');
    setBoard(2, 'Work');
    await allTasks();
    expect(api.requests).toEqual([]);
  });

  it('with board 0 loads nothing and asks nothing', async () => {
    setBoard(0, '');
    collection = createCollection('habit');
    expect(await collection.load()).toBe(false);
    expect(api.requests).toEqual([]);
  });

  it('reloads when the board changes and drops an answer for the old board', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    habits.seed(1, [{ title: 'Board one' }]);
    habits.seed(2, [{ title: 'Board two' }]);
    collection = createCollection('habit');
    keepMount(collection.$items);
    void collection.load();
    setBoard(2, 'Work'); // while the first load is in flight
    await allTasks();
    expect(titles()).toEqual(['Board two']);
    expect(api.requests.map((r) => (r.body as { board: number }).board)).toEqual([1, 2]);
  });

  it('a 401 reports to the unauthorized handler (the shell logs out)', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    api.on('POST /api/habit/all', { status: 401, body: { message: 'Unauthenticated.' } });
    collection = createCollection('habit');
    await collection.load();
    expect(handler).toHaveBeenCalledOnce();
    expect(collection.$error.get()?.code).toBe('LB-AUTH-EXPIRED');
    setUnauthorizedHandler(null);
  });

  it('persists the list and shows it at the next load of the page', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    habits.seed(1, [{ title: 'Kept' }]);
    collection = createCollection('habit');
    await collection.load();
    expect(JSON.parse(localStorage.getItem('lifeboard:items:habit') ?? '[]')).toHaveLength(1);
    const again = createCollection('habit');
    expect(again.$items.get().map((i) => i.title)).toEqual(['Kept']);
  });

  it('clearData empties it', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    habits.seed(1, [{ title: 'Gone' }]);
    collection = createCollection('habit');
    await collection.load();
    clearData();
    expect(collection.$items.get()).toEqual([]);
    expect(collection.$status.get()).toBe('idle');
  });

  it('clearData also drops the lists this page never opened (a sign-out on /login leaves no one’s journal behind)', () => {
    localStorage.setItem('lifeboard:items:journal_entry', JSON.stringify([{ id: 3, title: 'Private' }]));
    localStorage.setItem('lifeboard:auth_token_hint', 'kept');
    clearData();
    expect(localStorage.getItem('lifeboard:items:journal_entry')).toBeNull();
    expect(createCollection('journal_entry').$items.get()).toEqual([]);
    expect(localStorage.getItem('lifeboard:auth_token_hint')).toBe('kept');
  });
});

describe('preload: a list asked for ahead of its screen', () => {
  const listRequests = () => api.requests.filter((r) => r.path === '/api/journal_entry/all').map((r) => r.body);
  const entries = () => {
    const journal = serveModel(api, 'journal_entry', 'journalEntries');
    journal.seed(1, [{ title: 'Swam far' }]);
    journal.seed(2, [{ title: 'Other board' }]);
    collection = createCollection('journal_entry');
    return journal;
  };

  it('is taken over by the screen’s load: one request, its answer shown', async () => {
    entries();
    collection.preload({});
    await allTasks();
    expect(await collection.load({})).toBe(true);
    expect(listRequests()).toEqual([{ board: 1, params: {} }]);
    expect(titles()).toEqual(['Swam far']);
  });

  it('is taken over while still on its way', async () => {
    const release = entries().hold('all');
    collection.preload({});
    const loading = collection.load({});
    expect(collection.$status.get()).toBe('loading');
    release();
    expect(await loading).toBe(true);
    expect(listRequests()).toHaveLength(1);
    expect(collection.$status.get()).toBe('ready');
  });

  it('is asked for once, however many times the page starts it', async () => {
    entries();
    collection.preload({});
    collection.preload({});
    await allTasks();
    expect(listRequests()).toHaveLength(1);
  });

  it('does not stand for another list: the screen asks for its own', async () => {
    entries();
    collection.preload({});
    await collection.load({ to: '2026-11-20' });
    expect(listRequests()).toEqual([
      { board: 1, params: {} },
      { board: 1, params: { to: '2026-11-20' } },
    ]);
  });

  it('does not stand for the list of another board', async () => {
    entries();
    collection.preload({});
    setBoard(2, 'Work');
    await collection.load({});
    await allTasks();
    expect(listRequests().map((body) => (body as { board: number }).board)).toContain(2);
    expect(titles()).toEqual(['Other board']);
  });

  it('is taken once: the next visit of the page asks again', async () => {
    entries();
    collection.preload({});
    await collection.load({});
    await collection.load({});
    expect(listRequests()).toHaveLength(2);
  });

  it('goes stale when no screen took it in time', async () => {
    entries();
    const start = Date.now();
    collection.preload({});
    await allTasks();
    vi.spyOn(Date, 'now').mockReturnValue(start + preloadFreshMs + 1);
    await collection.load({});
    expect(listRequests()).toHaveLength(2);
  });

  it('is forgotten by clearData (a sign-out): the next load asks again', async () => {
    entries();
    collection.preload({});
    await allTasks();
    clearData();
    await collection.load({});
    expect(listRequests()).toHaveLength(2);
  });

  it('is not asked for without a board (a sign-in under way)', async () => {
    entries();
    setBoard(0, '');
    collection.preload({});
    await allTasks();
    expect(listRequests()).toEqual([]);
  });
});

describe('loadMore (keyset, next_cursor)', () => {
  it('appends the next page until there is no cursor', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    habits.seed(1, [{ title: 'a' }, { title: 'b' }, { title: 'c' }]);
    collection = createCollection('habit');
    await collection.load({ limit: 2 });
    expect(titles()).toEqual(['a', 'b']);
    expect(collection.$nextCursor.get()).toBe('2');
    expect(await collection.loadMore()).toBe(true);
    expect(titles()).toEqual(['a', 'b', 'c']);
    expect(collection.$nextCursor.get()).toBeNull();
    expect(await collection.loadMore()).toBe(false);
    expect((api.requests[1].body as { params: object }).params).toEqual({ limit: 2, cursor: '2' });
  });
});

describe('optimistic writes', () => {
  it('create shows the record at once and swaps in the saved one', async () => {
    const notes = serveModel(api, 'note', 'notes');
    notes.seed(1, [{ title: 'Older' }]);
    collection = createCollection('note');
    await collection.load();
    const pending = collection.create({ title: 'New' });
    expect(titles()).toEqual(['New', 'Older']);
    expect(collection.$items.get()[0].id).toBeLessThan(0);
    const result = await pending;
    expect(result.ok).toBe(true);
    expect(collection.$items.get()[0]).toMatchObject({ id: 101, title: 'New', board_id: 1 });
  });

  it('a create sent before the board is known (right after a sign-in) waits for it, and goes to that board', async () => {
    const notes = serveModel(api, 'note', 'notes');
    collection = createCollection('note');
    setBoard(0, '');
    const pending = collection.create({ title: 'Early' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.requests.filter((request) => request.path.endsWith('/create'))).toEqual([]);
    setBoard(3, 'Work');
    expect((await pending).ok).toBe(true);
    expect(notes.rows).toMatchObject([{ title: 'Early', board_id: 3 }]);
  });

  it('a create with no board in time sends nothing and says why', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    serveModel(api, 'note', 'notes');
    collection = createCollection('note');
    setBoard(0, '');
    const pending = collection.create({ title: 'Lost?' });
    await vi.advanceTimersByTimeAsync(16_000);
    vi.useRealTimers();
    const result = await pending;
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error.message).toMatch(/^Your boards have not loaded yet/);
    expect(api.requests.filter((request) => request.path.endsWith('/create'))).toEqual([]);
    expect(collection.$items.get()).toEqual([]);
  });

  it('a new journal entry is appended (spec §4)', async () => {
    const entries = serveModel(api, 'journal_entry', 'journalEntries');
    entries.seed(1, [{ title: 'Monday', date: '2026-11-16' }]);
    collection = createCollection('journal_entry');
    await collection.load();
    await collection.create({ title: 'Tuesday', date: '2026-11-17' });
    expect(titles()).toEqual(['Monday', 'Tuesday']);
  });

  it('a refused create rolls back and keeps the error (422 field errors)', async () => {
    serveModel(api, 'habit', 'habits');
    api.on('POST /api/habit/create', { status: 422, body: { message: 'invalid', errors: { title: ['is required'] } } });
    collection = createCollection('habit');
    await collection.load();
    const result = await collection.create({ title: '' });
    expect(result.ok).toBe(false);
    expect(collection.$items.get()).toEqual([]);
    expect(collection.$error.get()?.code).toBe('LB-VALIDATION');
  });

  it('update replaces the item with the same id', async () => {
    const activities = serveModel(api, 'activity', 'activities');
    activities.seed(1, [{ title: 'Walk' }, { title: 'Swim' }]);
    collection = createCollection('activity');
    await collection.load();
    const [walk] = collection.$items.get();
    const pending = collection.update(walk.id, { title: 'Long walk' });
    expect(titles()).toEqual(['Long walk', 'Swim']);
    expect((await pending).ok).toBe(true);
    expect(titles()).toEqual(['Long walk', 'Swim']);
  });

  it("the server's answer keeps the parts the optimistic copy already showed (memoised views of them don't render again)", async () => {
    const sessions = serveModel(api, 'workout_session', 'workoutSessions');
    const first = { exercise_id: 1, reps: 8, weight: 60, done: true };
    sessions.seed(1, [{ title: 'Push', sets: [first, { exercise_id: 1, reps: 8, weight: 60, done: false }] }]);
    collection = createCollection('workout_session');
    await collection.load();
    const [session] = collection.$items.get();
    const shown = session.sets as object[];
    const pending = collection.update(session.id, { sets: [shown[0], { ...shown[1], done: true }] });
    const optimistic = collection.$items.get()[0].sets as object[];
    expect((await pending).ok).toBe(true);
    const answered = collection.$items.get()[0].sets as object[];
    expect(answered).toEqual([first, { ...first }]);
    expect(answered[0]).toBe(shown[0]);
    expect(answered[1]).toBe(optimistic[1]);
  });

  it("each write's request is sent after the frame that paints its optimistic change", async () => {
    const activities = serveModel(api, 'activity', 'activities');
    activities.seed(1, [{ title: 'Walk' }, { title: 'Swim' }]);
    collection = createCollection('activity');
    await collection.load();
    api.requests.length = 0;
    const frames = holdFrames();
    try {
      const [walk, swim] = collection.$items.get();
      const writes = [
        collection.update(walk.id, { title: 'Long walk' }),
        collection.create({ title: 'Run' }),
        collection.remove(swim.id),
      ];
      expect(titles()).toEqual(['Long walk', 'Run']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(api.requests).toEqual([]);
      runFrames(frames);
      await Promise.all(writes);
      expect(api.requests.map((r) => r.path).sort()).toEqual([
        '/api/activity/create',
        '/api/activity/delete',
        '/api/activity/update',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('the optimistic copy of an update leaves out its version check', async () => {
    const notes = serveModel(api, 'note', 'notes');
    notes.seed(1, [{ title: 'Draft' }]);
    collection = createCollection('note');
    await collection.load();
    const [note] = collection.$items.get();
    const pending = collection.update(note.id, { title: 'Sent', expected_updated_at: note.updated_at });
    expect(collection.$items.get()[0]).toMatchObject({ title: 'Sent' });
    expect(collection.$items.get()[0]).not.toHaveProperty('expected_updated_at');
    await pending;
  });

  it('a failed update restores the item', async () => {
    const activities = serveModel(api, 'activity', 'activities');
    activities.seed(1, [{ title: 'Walk' }]);
    collection = createCollection('activity');
    await collection.load();
    api.on('POST /api/activity/update', { status: 403, body: { message: 'Forbidden' } });
    await collection.update(collection.$items.get()[0].id, { title: 'Hacked' });
    expect(titles()).toEqual(['Walk']);
    expect(collection.$error.get()?.code).toBe('LB-FORBIDDEN');
  });

  it('remove filters by id at once; undo brings the record back where it was', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    habits.seed(1, [
      { title: 'a', position: 0 },
      { title: 'b', position: 1 },
      { title: 'c', position: 2 },
    ]);
    collection = createCollection('habit');
    await collection.load();
    const id = collection.$items.get()[1].id;
    const pending = collection.remove(id);
    expect(titles()).toEqual(['a', 'c']);
    const undo = await pending;
    expect(undo.ok).toBe(true);
    expect(habits.rows.map((r) => r.title)).toEqual(['a', 'c']);
    expect(await undo()).toBe(true);
    expect(titles()).toEqual(['a', 'b', 'c']);
    const created = api.requests.at(-1)?.body as { params: Record<string, unknown> };
    expect(created.params).toEqual({ title: 'b', position: 1 });
  });

  it('undo re-creates a program without the fields only the server sets (its guid and cover), which a create refuses', async () => {
    const programs = serveModel(api, 'program', 'programs');
    programs.seed(1, [
      {
        title: 'Morning reset',
        status: 'draft',
        guid: 'guid-of-the-program',
        cover: 'CoverUploadId000000000',
        cover_alt: 'A sunrise',
      },
    ]);
    collection = createCollection('program');
    await collection.load();
    const undo = await collection.remove(collection.$items.get()[0].id);
    expect(await undo()).toBe(true);
    const created = api.requests.at(-1)?.body as { params: Record<string, unknown> };
    expect(created.params).toEqual({ title: 'Morning reset', status: 'draft', cover_alt: 'A sunrise' });
  });

  it('a refused remove puts the item back and undo does nothing', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    habits.seed(1, [{ title: 'a' }, { title: 'b' }]);
    collection = createCollection('habit');
    await collection.load();
    api.on('POST /api/habit/delete', { status: 500, body: { error: 'Database unavailable' } });
    const undo = await collection.remove(collection.$items.get()[0].id);
    expect(undo.ok).toBe(false);
    expect(undo.error?.code).toBe('LB-SERVER');
    expect(titles()).toEqual(['a', 'b']);
    expect(await undo()).toBe(false);
  });

  it('get fetches one record and refreshes it in the list', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    habits.seed(1, [{ title: 'a' }]);
    collection = createCollection('habit');
    await collection.load();
    habits.rows[0].title = 'changed elsewhere';
    const result = await collection.get(habits.rows[0].id as number);
    expect(result.ok && result.data.title).toBe('changed elsewhere');
    expect(titles()).toEqual(['changed elsewhere']);
    expect(collection.find(habits.rows[0].id as number)?.title).toBe('changed elsewhere');
  });
});

describe('writes while the list loads', () => {
  /** Until the request has reached the fake server, holding it proves nothing. */
  const requested = (path: string) => vi.waitFor(() => expect(api.requests.some((r) => r.path === path)).toBe(true));

  it('keeps a record created while the list was loading, though the list was read before it', async () => {
    const notes = serveModel(api, 'note', 'notes');
    notes.seed(1, [{ title: 'Older' }]);
    collection = createCollection('note');
    const release = notes.hold('all');
    const loading = collection.load();
    await requested('/api/note/all');
    expect((await collection.create({ title: 'New' })).ok).toBe(true);
    release();
    expect(await loading).toBe(true);
    expect(titles()).toEqual(['New', 'Older']);
  });

  it('shows a record whose create was answered after a reload began', async () => {
    const notes = serveModel(api, 'note', 'notes');
    notes.seed(1, [{ title: 'Older' }]);
    collection = createCollection('note');
    await collection.load();
    const release = notes.hold('create');
    const creating = collection.create({ title: 'New' });
    await requested('/api/note/create');
    expect(await collection.load()).toBe(true); // the server has not stored it yet
    release();
    expect((await creating).ok).toBe(true);
    expect(titles()).toEqual(['New', 'Older']);
    expect(collection.$items.get()[0].id).toBe(101);
  });

  it('keeps an update and a removal made while the list was loading', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    habits.seed(1, [{ title: 'Read' }, { title: 'Run' }]);
    collection = createCollection('habit');
    await collection.load();
    const [read, run] = collection.$items.get();
    const release = habits.hold('all');
    const loading = collection.load();
    await requested('/api/habit/all');
    await collection.update(read.id, { title: 'Read daily' });
    await collection.remove(run.id);
    release();
    await loading;
    expect(titles()).toEqual(['Read daily']);
  });

  it('still drops a create answered after a board switch, and after clearData', async () => {
    const notes = serveModel(api, 'note', 'notes');
    notes.seed(2, [{ title: 'Work note' }]);
    collection = createCollection('note');
    keepMount(collection.$items);
    await collection.load();
    let release = notes.hold('create');
    const onHome = collection.create({ title: 'Home note' });
    await requested('/api/note/create');
    setBoard(2, 'Work');
    await vi.waitFor(() => expect(titles()).toEqual(['Work note']));
    release();
    await onHome;
    expect(titles()).toEqual(['Work note']);

    api.requests.length = 0;
    release = notes.hold('create');
    const beforeSignOut = collection.create({ title: 'Late' });
    await requested('/api/note/create');
    clearData();
    release();
    await beforeSignOut;
    expect(titles()).toEqual([]);
  });
});

describe('getCollection', () => {
  it('returns one shared instance per model', () => {
    collection = getCollection('goal');
    expect(getCollection('goal')).toBe(collection);
    expect(getCollection('habit')).not.toBe(collection);
  });
});
