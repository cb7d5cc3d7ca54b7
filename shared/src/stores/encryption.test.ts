import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeApi } from '../lib/test-fake-api';
import type { RecordedRequest } from '../lib/test-api-server';
import { createResource } from '../api/resource';
import { createKeyMaterial, cryptoAlerts, type KeyMaterial } from '../crypto/keys';
import { sealRecord } from '../crypto/records';
import { makeUser } from '../models/test-user';
import { setBoard } from './board';
import { getCollection } from './collection';
import { $currentNote, clearData } from './data';
import { $encryption, lockEncryption, unlockEncryption, encryptionState } from './encryption';
import { setSession } from './session';

const api = withFakeApi();
const USER = 41;
const PASSPHRASE = 'passphrase for the test';
const CANARY = 'canary-7f3a1c';
let material: KeyMaterial;
/** The notes the fake server keeps, as it was sent them. */
let stored: Record<string, unknown>[] = [];

function bodies(): string {
  return api.requests.map((r: RecordedRequest) => JSON.stringify(r.body ?? '')).join('\n');
}

beforeEach(async () => {
  clearData();
  setSession('tok', makeUser({ id: USER }));
  lockEncryption();
  material ??= (await createKeyMaterial(USER, PASSPHRASE)).material;
  stored = [];
  api.requests.length = 0;
  api.on('GET /api/encryption', {
    body: { success: true, encryption: { ...material, state: 'on', updated_at: '2026-11-01T00:00:00.000Z' } },
  });
  api.on('POST /api/note/create', (request) => {
    const params = (request.body as { params: Record<string, unknown> }).params;
    const note = { id: stored.length + 1, board_id: 1, created_at: 'x', updated_at: 'x', ...params };
    stored.push(note);
    return { status: 201, body: { success: true, note } };
  });
  api.on('POST /api/note/update', (request) => {
    const { id, ...params } = (request.body as { params: Record<string, unknown> }).params;
    const index = stored.findIndex((note) => note.id === id);
    stored[index] = { ...stored[index], ...params };
    return { body: { success: true, note: stored[index] } };
  });
  api.on('POST /api/note/all', () => ({ body: { success: true, notes: stored } }));
});
afterEach(() => clearData());

describe('journal entries and notes with encryption on', () => {
  it('leave the browser sealed and come back opened; the canary is never sent', async () => {
    await unlockEncryption({ passphrase: PASSPHRASE });
    const notes = createResource('note');
    const created = await notes.create(1, { title: 'Private', body: `<p>${CANARY}</p>`, pinned: false });
    expect(created.ok && created.data).toMatchObject({ title: 'Private', body: `<p>${CANARY}</p>`, encrypted: true });
    // An edit of the body alone seals the title along, with the record's uid.
    const id = created.ok ? created.data.id : 0;
    const edited = await notes.update(1, id, { body: `<p>${CANARY} again</p>` });
    expect(edited.ok && edited.data).toMatchObject({ title: 'Private', body: `<p>${CANARY} again</p>` });
    expect(stored[0]).toMatchObject({ encrypted: true, record_uid: expect.stringMatching(/^[\w-]{22}$/) });
    expect(String(stored[0].title)).toMatch(/^lbe:/);
    expect(bodies()).not.toContain(CANARY);
    expect(bodies()).not.toContain('Private');
    // A pin alone has nothing to seal and goes as it is.
    expect((await notes.update(1, id, { pinned: true })).ok).toBe(true);
  });

  it('are shown decrypted but never kept in localStorage in the clear', async () => {
    await unlockEncryption({ passphrase: PASSPHRASE });
    setBoard(1, 'Home');
    const notes = getCollection('note');
    const created = await notes.create({ title: `Private ${CANARY}`, body: `<p>${CANARY}</p>`, pinned: false });
    expect(created.ok).toBe(true);
    await notes.create({ title: 'plain-ish', pinned: false });
    expect(await notes.load({})).toBe(true);
    expect(notes.$items.get().map((note) => note.title)).toContain(`Private ${CANARY}`);
    if (created.ok) $currentNote.set(created.data);
    const kept = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '');
    expect(kept.join('\n')).not.toContain(CANARY);
  });

  it('show as locked until unlocked, and refuse a write rather than send it in the clear', async () => {
    await unlockEncryption({ passphrase: PASSPHRASE });
    const key = $encryption.get().dataKey;
    stored.push({
      id: 9,
      board_id: 1,
      created_at: 'x',
      updated_at: 'x',
      ...(await sealRecord(key, 'note', { title: 'T', body: CANARY })),
    });
    lockEncryption();
    const notes = createResource('note');
    const listed = await notes.all(1);
    expect(listed.ok && listed.data.items[0]).toMatchObject({ id: 9, title: '', body: '', e2e_state: 'locked' });
    api.requests.length = 0;
    const refused = await notes.create(1, { title: 'Plain?', body: CANARY });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.message).toBe(cryptoAlerts.noEncryptKey);
    expect(api.requests.filter((r) => r.path === '/api/note/create')).toHaveLength(0);
    await unlockEncryption({ passphrase: PASSPHRASE });
    const opened = await notes.all(1);
    expect(opened.ok && opened.data.items[0]).toMatchObject({ title: 'T', body: CANARY });
  });

  it('stay unlocked when the board changes, and are forgotten when the user does', async () => {
    await unlockEncryption({ passphrase: PASSPHRASE });
    clearData();
    expect($encryption.get().dataKey).not.toBeNull();
    setSession('tok2', makeUser({ id: USER + 1 }));
    expect($encryption.get()).toEqual({ userId: null, material: null, dataKey: null });
  });

  it('stay unlocked when a key comes while the state is still being asked: the late answer locks nothing', async () => {
    const other = USER + 2;
    setSession('tok3', makeUser({ id: other }));
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    api.on('GET /api/encryption', async () => {
      await answered;
      return { body: { success: true, encryption: null } };
    });
    const asked = encryptionState();
    await vi.waitFor(() => expect(api.requests.map((r) => r.path)).toContain('/api/encryption'));
    const keys = await createKeyMaterial(other, PASSPHRASE, 1_000);
    const unlocked = { ...keys.material, state: 'on' as const, updated_at: '2026-11-02T00:00:00.000Z' };
    $encryption.set({ userId: other, material: unlocked, dataKey: keys.dataKey });
    answer();
    await asked;
    expect($encryption.get()).toEqual({ userId: other, material: unlocked, dataKey: keys.dataKey });
  });

  it('say which passphrase was wrong and stay locked', async () => {
    await encryptionState();
    await expect(unlockEncryption({ passphrase: 'not it' })).rejects.toThrow("That passphrase doesn't unlock");
    expect($encryption.get().dataKey).toBeNull();
  });
});
