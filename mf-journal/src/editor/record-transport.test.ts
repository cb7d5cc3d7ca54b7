import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { clearData } from '@lifeboard/shared/stores/data';
import { clearSession, setSession } from '@lifeboard/shared/stores/session';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { createAutosave, findDraft } from './autosave';
import { collectionTransport } from './record-transport';
import { serveVersionedUpdates } from './test-versioned';
import { testUser } from './test-user';

/**
 * Autosave against a real HTTP server speaking the contract, with the API's optimistic concurrency:
 * an update whose `expected_updated_at` is not the row's answers 409 `{ success: false, error, current }`.
 */
let notes: FakeTable;
let clock = 0;
const stamp = () => new Date(Date.UTC(2026, 10, 22, 12, 0, clock++)).toISOString();

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setSession('token', testUser(7));
  setBoard(1, 'Home');
  notes = serveModel(api, 'note', 'notes');
  serveVersionedUpdates(api, 'note', notes);
  notes.rows.push({ id: 3, board_id: 1, created_at: stamp(), updated_at: stamp(), title: 'Plan', body: '<p>v1</p>' });
  api.requests.length = 0;
});
afterEach(() => {
  clearData();
  clearSession();
});

/** The stored row as the client holds it. */
function opened(): AnyRecord {
  const row = notes.rows[0];
  return {
    ...row,
    id: Number(row.id),
    board_id: 1,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

function open(record: AnyRecord, read: () => Record<string, unknown>) {
  return createAutosave({ model: 'note', record, transport: collectionTransport('note'), read });
}

describe('autosave over HTTP', () => {
  it('saves with expected_updated_at and moves its version forward', async () => {
    let body = '<p>v2</p>';
    const version = opened().updated_at;
    const autosave = open(opened(), () => ({ body }));
    autosave.touch();
    await autosave.flush();
    expect(autosave.$state.get().status).toBe('saved');
    const first = api.requests.find((r) => r.path === '/api/note/update');
    expect(first?.body).toEqual({ board: 1, params: { id: 3, body: '<p>v2</p>', expected_updated_at: version } });
    body = '<p>v3</p>';
    autosave.touch();
    await autosave.flush();
    expect(autosave.$state.get().status).toBe('saved');
    expect(notes.rows[0].body).toBe('<p>v3</p>');
  });

  it('two tabs: the second save gets 409 and both versions; keeping mine re-saves over theirs', async () => {
    const both = opened();
    const tabA = open(both, () => ({ body: '<p>from A</p>' }));
    const tabB = open(both, () => ({ body: '<p>from B</p>' }));
    tabA.touch();
    await tabA.flush();
    tabB.touch();
    await tabB.flush();
    const state = tabB.$state.get();
    expect(state.status).toBe('conflict');
    expect(state.conflict?.mine).toEqual({ body: '<p>from B</p>' });
    expect(state.conflict?.theirs.body).toBe('<p>from A</p>');
    expect(notes.rows[0].body).toBe('<p>from A</p>');
    // B's text is not lost while the user decides.
    expect(findDraft('note', 3)?.content.fields).toEqual({ body: '<p>from B</p>' });
    await tabB.keepMine();
    expect(tabB.$state.get().status).toBe('saved');
    expect(notes.rows[0].body).toBe('<p>from B</p>');
    // The list shows the saved version (spec §4: an updated note replaces the item with the same id).
    expect(getCollection('note').find(3)?.body ?? notes.rows[0].body).toBe('<p>from B</p>');
  });

  it('a server that cannot be reached leaves the text on this device', async () => {
    api.on('POST /api/note/update', { hangUp: true });
    const autosave = open(opened(), () => ({ body: '<p>offline words</p>' }));
    autosave.touch();
    await autosave.flush();
    expect(autosave.$state.get().status).toBe('offline');
    expect(findDraft('note', 3)?.content.fields).toEqual({ body: '<p>offline words</p>' });
    autosave.dispose();
  });

  it('a 401 keeps the draft for after the next sign-in', async () => {
    api.on('POST /api/note/update', { status: 401, body: { message: 'Unauthenticated.' } });
    const version = opened().updated_at;
    const autosave = open(opened(), () => ({ body: '<p>before expiry</p>' }));
    autosave.touch();
    await autosave.flush();
    expect(autosave.$state.get().status).toBe('signed-out');
    clearSession();
    setSession('token', testUser(7));
    expect(findDraft('note', 3)?.content).toEqual({ id: 3, fields: { body: '<p>before expiry</p>' }, base: version });
  });
  it('after a board switch stops saving to the other board and keeps the draft', async () => {
    const autosave = open(opened(), () => ({ body: '<p>written on Home</p>' }));
    setBoard(2, 'Work');
    autosave.touch();
    await autosave.flush();
    expect(autosave.$state.get()).toMatchObject({
      status: 'failed',
      message: 'it belongs to another board (switch back to save it)',
    });
    expect(api.requests.some((r) => r.path === '/api/note/update')).toBe(false);
    expect(findDraft('note', 3)?.content.fields).toEqual({ body: '<p>written on Home</p>' });
  });

  it('opened before the session check chose a board, saves to the board it then chose', async () => {
    setBoard(0, '');
    const autosave = open(opened(), () => ({ body: '<p>written while loading</p>' }));
    setBoard(1, 'Home');
    autosave.touch();
    await autosave.flush();
    expect(autosave.$state.get().status).toBe('saved');
    expect(api.requests.find((r) => r.path === '/api/note/update')?.body).toMatchObject({ board: 1 });
  });
});
