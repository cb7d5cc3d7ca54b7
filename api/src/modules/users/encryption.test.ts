import { createKeyMaterial, changePassphrase, unlock } from '@lifeboard/shared/crypto/keys';
import { sealRecord, openRecord } from '@lifeboard/shared/crypto/records';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const PASSPHRASE = 'a long passphrase of mine';

async function turnOn(user: TestUser) {
  const keys = await createKeyMaterial(user.id, PASSPHRASE);
  const response = await user.post('/api/encryption/enable', keys.material);
  expect(response.statusCode).toBe(201);
  return keys;
}

async function create(user: TestUser, model: string, params: Record<string, unknown>) {
  return user.post(`/api/${model}/create`, { board: user.boardId, params });
}

describe('/api/encryption', () => {
  it('stores the wraps once, answers them back, and refuses a second key', async () => {
    const user = await signUp(app);
    expect((await user.get('/api/encryption')).json()).toEqual({ success: true, encryption: null });
    const { material } = await turnOn(user);
    const stored = (await user.get('/api/encryption')).json().encryption;
    expect(stored).toMatchObject({ ...material, state: 'on' });
    // The wraps open with the passphrase: what came back is what was sent.
    await expect(unlock(user.id, stored, { passphrase: PASSPHRASE })).resolves.toMatchObject({ userId: user.id });
    const again = await user.post(
      '/api/encryption/enable',
      (await createKeyMaterial(user.id, 'other', 600_000)).material,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toContain('already on');
  });

  it('refuses a weak KDF and anything that is not a wrapped key', async () => {
    const user = await signUp(app);
    const { material } = await createKeyMaterial(user.id, PASSPHRASE, 1_000);
    const weak = await user.post('/api/encryption/enable', material);
    expect(weak.statusCode).toBe(422);
    expect(weak.body).toContain('must be at least 600,000');
    const raw = await user.post('/api/encryption/enable', {
      ...material,
      kdf: { ...material.kdf, iterations: 600_000 },
      wrapped_key: 'my passphrase',
    });
    expect(raw.statusCode).toBe(422);
    expect((await user.get('/api/encryption')).json().encryption).toBeNull();
  });

  it('re-wraps for a new passphrase, refusing a stale one', async () => {
    const user = await signUp(app);
    const { material } = await turnOn(user);
    const stored = (await user.get('/api/encryption')).json().encryption;
    const next = await changePassphrase(user.id, material, { passphrase: PASSPHRASE }, 'the new one');
    const changed = await user.post('/api/encryption/passphrase', {
      kdf: next.kdf,
      wrapped_key: next.wrapped_key,
      expected_updated_at: stored.updated_at,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().encryption.wrapped_recovery).toBe(material.wrapped_recovery);
    const stale = await user.post('/api/encryption/passphrase', {
      kdf: next.kdf,
      wrapped_key: next.wrapped_key,
      expected_updated_at: stored.updated_at,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('will not forget the key while an entry is still encrypted', async () => {
    const user = await signUp(app);
    const { dataKey } = await turnOn(user);
    const sealed = await sealRecord(dataKey, 'note', { title: 'Mine', body: '<p>canary</p>' });
    const note = (await create(user, 'note', sealed)).json().note;
    await create(user, 'journal_entry', { date: '2026-01-05', title: 'plain' });
    expect((await user.get('/api/encryption/progress')).json().progress).toEqual({
      journal_entry: { total: 1, encrypted: 0 },
      note: { total: 1, encrypted: 1 },
    });
    expect((await user.post('/api/encryption/state', { state: 'turning_off' })).json().encryption.state).toBe(
      'turning_off',
    );
    const refused = await user.post('/api/encryption/disable');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('1 entry is still encrypted');
    const opened = await openRecord(dataKey, 'note', note);
    await user.post('/api/note/update', {
      board: user.boardId,
      params: { id: note.id, title: opened.record.title, body: opened.record.body, encrypted: false, record_uid: null },
    });
    expect((await user.post('/api/encryption/disable')).json()).toEqual({ success: true, encryption: null });
    expect((await user.get('/api/encryption')).json().encryption).toBeNull();
  });
});

describe('encrypted journal entries and notes', () => {
  it('keep ciphertext as sent (no HTML sanitizing) and it opens on the device', async () => {
    const user = await signUp(app);
    const { dataKey } = await turnOn(user);
    const sealed = await sealRecord(dataKey, 'journal_entry', {
      title: 'A'.repeat(200),
      body: '<p>canary-8812 <img src=x onerror=alert(1)></p>',
    });
    const response = await create(user, 'journal_entry', { date: '2026-01-05', ...sealed });
    expect(response.statusCode).toBe(201);
    const entry = response.json().journal_entry;
    expect(entry).toMatchObject(sealed);
    expect(response.body).not.toContain('canary-8812');
    // The server never sanitized the body: what the device sealed is what it opens.
    const opened = await openRecord(dataKey, 'journal_entry', entry);
    expect(opened.record.body).toBe('<p>canary-8812 <img src=x onerror=alert(1)></p>');
    // An edit sends the mark with its sealed fields; one that leaves the mark out keeps the stored one.
    const next = await sealRecord(dataKey, 'journal_entry', { ...entry, title: 't', body: 'b' });
    const edited = await user.post('/api/journal_entry/update', {
      board: user.boardId,
      params: { id: entry.id, body: next.body, title: next.title },
    });
    expect(edited.statusCode).toBe(200);
    expect((await openRecord(dataKey, 'journal_entry', edited.json().journal_entry)).record).toMatchObject({
      title: 't',
      body: 'b',
    });
  });

  it('are never a mix of plain and encrypted fields', async () => {
    const user = await signUp(app);
    const { dataKey } = await turnOn(user);
    const sealed = await sealRecord(dataKey, 'note', { title: 'T', body: 'B' });
    const plainInMarked = await create(user, 'note', { ...sealed, body: '<p>plain</p>' });
    expect(plainInMarked.statusCode).toBe(422);
    expect(plainInMarked.json().errors.body).toEqual(['must be sent encrypted: this record is marked encrypted']);
    const unmarked = await create(user, 'note', { title: sealed.title });
    expect(unmarked.statusCode).toBe(422);
    expect(unmarked.json().errors.title).toEqual(['is encrypted, but the record is not marked encrypted']);
    const noUid = await create(user, 'note', { ...sealed, record_uid: null });
    expect(noUid.statusCode).toBe(422);
    const note = (await create(user, 'note', sealed)).json().note;
    const plainEdit = await user.post('/api/note/update', {
      board: user.boardId,
      params: { id: note.id, body: '<p>sneaked in</p>' },
    });
    expect(plainEdit.statusCode).toBe(422);
    const unmark = await user.post('/api/note/update', {
      board: user.boardId,
      params: { id: note.id, encrypted: false },
    });
    expect(unmark.statusCode).toBe(422);
    // A plain note stays as it was: sanitized and searchable.
    const plain = (await create(user, 'note', { title: 'Plain', body: '<p>hello<script>x</script></p>' })).json().note;
    expect(plain.body).toBe('<p>hello</p>');
  });
});

describe('what the server shows of an encrypted entry', () => {
  it('names it on a goal page, and will not make a public page of it without its sealed copy', async () => {
    const user = await signUp(app);
    const { dataKey } = await turnOn(user);
    const goal = (await create(user, 'goal', { title: 'Run' })).json().goal;
    const sealed = await sealRecord(dataKey, 'journal_entry', { title: 'canary-title', body: 'b' });
    const entry = (await create(user, 'journal_entry', { date: '2026-01-05', goal_id: goal.id, ...sealed })).json()
      .journal_entry;
    const page = await user.post('/api/goal/detail', { board: user.boardId, params: { goal_id: goal.id } });
    expect(page.json().journal_entries).toEqual([{ id: entry.id, title: 'Encrypted entry', date: '2026-01-05' }]);
    const share = await create(user, 'shared_page', { source_model: 'journal_entry', source_id: entry.id });
    expect(share.statusCode).toBe(422);
    expect(share.json().message).toBe('This entry is encrypted end to end: unlock your journal to share it.');
  });
});
