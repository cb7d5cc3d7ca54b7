import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeApi } from '../lib/test-fake-api';
import { makeUser } from '../models/test-user';
import { clearSession, setSession } from '../stores/session';
import { $notifications, dismissAll } from '../stores/notifications';
import { createResource } from './resource';

const api = withFakeApi();
beforeEach(() => {
  api.requests.length = 0;
  dismissAll();
});

const row = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  board_id: 3,
  created_at: '2026-11-22T00:00:00.000Z',
  updated_at: '2026-11-22T00:00:00.000Z',
  ...fields,
});

describe('createResource (POST /api/{M}/{verb})', () => {
  const goals = createResource('goal');

  it('all: sends board and params, reads the list under the state name and next_cursor', async () => {
    api.on('POST /api/goal/all', {
      body: { success: true, goals: [row(1, { title: 'Run a 10k' })], next_cursor: 'abc' },
    });
    const result = await goals.all(3, { search: 'run', limit: 1 });
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/goal/all',
      body: { board: 3, params: { search: 'run', limit: 1 } },
    });
    expect(result).toEqual({
      ok: true,
      status: 200,
      data: { items: [row(1, { title: 'Run a 10k' })], nextCursor: 'abc' },
    });
  });

  it('uses the camelCase state of multi-word models', async () => {
    api.on('POST /api/journal_entry/all', { body: { success: true, journalEntries: [row(2)] } });
    const result = await createResource('journal_entry').all(3);
    expect(result.ok && result.data.items.map((r) => r.id)).toEqual([2]);
  });

  it("asks once whether the journal is encrypted after a journal's list or entry is painted, for a write made offline later", async () => {
    // An earlier test's journal call asks after its paint, signed out by then: that ask is not this test's.
    await new Promise((resolve) => setTimeout(resolve, 50));
    api.requests.length = 0;
    setSession('tok', makeUser({ id: 41 }));
    try {
      api.on('POST /api/journal_entry/all', { body: { success: true, journalEntries: [row(2)] } });
      api.on('POST /api/goal/all', { body: { success: true, goals: [row(1)] } });
      api.on('GET /api/encryption', { body: { success: true, encryption: null } });
      const asked = () => api.requests.map((request) => `${request.method} ${request.path}`);
      await goals.all(3);
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Never for the goals.
      expect(asked()).toEqual(['POST /api/goal/all']);
      api.on('POST /api/journal_entry/get', { body: { success: true, journal_entry: row(2) } });
      await createResource('journal_entry').get(3, 2);
      await createResource('journal_entry').all(3);
      await vi.waitFor(() => expect(asked()).toContain('GET /api/encryption'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect([...asked()].sort()).toEqual([
        'GET /api/encryption',
        'POST /api/goal/all',
        'POST /api/journal_entry/all',
        'POST /api/journal_entry/get',
      ]);
    } finally {
      clearSession();
    }
  });

  it('reads the single mission object as a one-item list', async () => {
    api.on('POST /api/mission/all', { body: { success: true, mission: row(4, { statement: 'Live well' }) } });
    const result = await createResource('mission').all(3);
    expect(result.ok && result.data.items).toEqual([row(4, { statement: 'Live well' })]);
    api.on('POST /api/mission/all', { body: { success: true, mission: null } });
    const empty = await createResource('mission').all(3);
    expect(empty.ok && empty.data.items).toEqual([]);
  });

  it('get, create, update, delete send the contract bodies and read the record under the model name', async () => {
    api.on('POST /api/goal/get', { body: { success: true, goal: row(5) } });
    api.on('POST /api/goal/create', { body: { success: true, goal: row(6, { title: 'New' }) } });
    api.on('POST /api/goal/update', { body: { success: true, goal: row(5, { title: 'Renamed' }) } });
    api.on('POST /api/goal/delete', { body: { success: true, id: 5 } });
    expect((await goals.get(3, 5)).ok).toBe(true);
    const created = await goals.create(3, { title: 'New' });
    expect(created.ok && created.data.title).toBe('New');
    const updated = await goals.update(3, 5, { title: 'Renamed' });
    expect(updated.ok && updated.data.title).toBe('Renamed');
    expect(await goals.remove(3, 5)).toEqual({ ok: true, status: 200, data: { id: 5 } });
    expect(api.requests.map((r) => r.body)).toEqual([
      { board: 3, params: { id: 5 } },
      { board: 3, params: { title: 'New' } },
      { board: 3, params: { title: 'Renamed', id: 5 } },
      { board: 3, params: { id: 5 } },
    ]);
  });

  it('success false is a failure', async () => {
    api.on('POST /api/goal/all', { body: { success: false } });
    const result = await goals.all(3);
    expect(!result.ok && result.error.code).toBe('LB-REJECTED');
  });

  it('a 2xx answer without the list is a bad response', async () => {
    api.on('POST /api/goal/all', { body: { success: true } });
    const result = await goals.all(3);
    expect(!result.ok && result.error.code).toBe('LB-BAD-RESPONSE');
  });

  it("an unknown model notifies 'Unable to find model: {name}'", async () => {
    api.on('POST /api/unicorn/get', { status: 404, body: { success: false, error: 'Unable to find model: unicorn' } });
    const result = await createResource('unicorn').get(3, 1);
    expect(!result.ok && result.error.name).toBe('UnknownModelError');
    expect($notifications.get().map((n) => n.message)).toEqual(['Unable to find model: unicorn']);
  });

  it('a record of another board answers 403 without a notification', async () => {
    api.on('POST /api/goal/get', { status: 403, body: { message: 'This board is not yours.' } });
    const result = await goals.get(9, 1);
    expect(!result.ok && [result.error.code, result.error.message]).toEqual([
      'LB-FORBIDDEN',
      'This board is not yours.',
    ]);
    expect($notifications.get()).toEqual([]);
  });
});
