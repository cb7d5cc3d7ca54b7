import type { FastifyInstance } from 'fastify';
import { createKeyMaterial } from '@lifeboard/shared/crypto/keys';
import { sealRecord } from '@lifeboard/shared/crypto/records';
import { openShare, pageKeyOf, sealShare } from '@lifeboard/shared/crypto/share';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('shared pages', () => {
  it('makes an unguessable slug and serves the sanitized entry publicly until revoked', async () => {
    const user = await signUp(app);
    const entry = (
      await user.post('/api/journal_entry/create', {
        board: user.boardId,
        params: {
          title: 'Lake day',
          date: '2026-11-01',
          body: '<p>Swam <strong>far</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
        },
      })
    ).json().journal_entry;
    expect(entry.body).not.toMatch(/script|onerror/);
    const chosen = await user.post('/api/shared_page/create', {
      board: user.boardId,
      params: { source_model: 'journal_entry', source_id: entry.id, slug: 'chosen-by-the-client' },
    });
    expect(chosen.statusCode).toBe(422);
    expect(chosen.json().errors.slug).toEqual(['is not a known field']);
    const page = (
      await user.post('/api/shared_page/create', {
        board: user.boardId,
        params: { source_model: 'journal_entry', source_id: entry.id },
      })
    ).json().shared_page;
    expect(page.slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const open = await app.inject({ method: 'GET', url: `/api/public/shared/${page.slug}` });
    expect(open.statusCode).toBe(200);
    expect(open.json().page).toMatchObject({ title: 'Lake day', date: '2026-11-01' });
    expect(open.json().page.body).toContain('<strong>far</strong>');
    expect(open.json().page.body).not.toMatch(/script|onerror/);
    await user.post('/api/shared_page/update', {
      board: user.boardId,
      params: { id: page.id, revoked_at: new Date().toISOString() },
    });
    expect((await app.inject({ method: 'GET', url: `/api/public/shared/${page.slug}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/public/shared/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(
      404,
    );
  });

  it("keeps the slug server-owned: an update cannot change it, nor take another page's slug", async () => {
    const user = await signUp(app);
    const note = (await user.post('/api/note/create', { board: user.boardId, params: { title: 'Recipe' } })).json()
      .note;
    const share = () =>
      user.post('/api/shared_page/create', {
        board: user.boardId,
        params: { source_model: 'note', source_id: note.id },
      });
    const [first, second] = [(await share()).json().shared_page, (await share()).json().shared_page];
    expect(first.slug).not.toBe(second.slug);
    for (const slug of ['my-own-pretty-slug-1', first.slug]) {
      const response = await user.post('/api/shared_page/update', {
        board: user.boardId,
        params: { id: second.id, slug },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors.slug).toEqual(['is not a known field']);
    }
    const stored = (await user.post('/api/shared_page/get', { board: user.boardId, params: { id: second.id } })).json()
      .shared_page;
    expect(stored.slug).toBe(second.slug);
    expect((await app.inject({ method: 'GET', url: '/api/public/shared/my-own-pretty-slug-1' })).statusCode).toBe(404);
  });

  it("cannot share another user's entry", async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    const note = (await user.post('/api/note/create', { board: user.boardId, params: { title: 'private' } })).json()
      .note;
    expect(
      (
        await other.post('/api/shared_page/create', {
          board: other.boardId,
          params: { source_model: 'note', source_id: note.id },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("cannot be pointed at another user's entry or note by an update, and stays as it was", async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    const mine = (await user.post('/api/note/create', { board: user.boardId, params: { title: 'mine' } })).json().note;
    const theirs = (await other.post('/api/note/create', { board: other.boardId, params: { title: 'private' } })).json()
      .note;
    const theirEntry = (
      await other.post('/api/journal_entry/create', {
        board: other.boardId,
        params: { title: 'private entry', date: '2026-11-01', body: '<p>x</p>' },
      })
    ).json().journal_entry;
    const page = (
      await user.post('/api/shared_page/create', {
        board: user.boardId,
        params: { source_model: 'note', source_id: mine.id },
      })
    ).json().shared_page;
    for (const params of [
      { source_id: theirs.id },
      { source_model: 'journal_entry', source_id: theirEntry.id },
      { source_model: 'journal_entry' },
    ]) {
      const response = await user.post('/api/shared_page/update', {
        board: user.boardId,
        params: { id: page.id, ...params },
      });
      expect(response.statusCode, JSON.stringify(params)).toBe(404);
    }
    const stored = (await user.post('/api/shared_page/get', { board: user.boardId, params: { id: page.id } })).json()
      .shared_page;
    expect(stored).toMatchObject({ source_model: 'note', source_id: mine.id });
    // Pointing at another entry of one's own is still allowed.
    const another = (await user.post('/api/note/create', { board: user.boardId, params: { title: 'another' } })).json()
      .note;
    expect(
      (
        await user.post('/api/shared_page/update', {
          board: user.boardId,
          params: { id: page.id, source_id: another.id },
        })
      ).statusCode,
    ).toBe(200);
  });

  describe('of an encrypted entry', () => {
    const canary = `canary-${Date.now().toString(36)}`;

    async function encryptedEntry(user: TestUser) {
      const keys = await createKeyMaterial(user.id, 'a passphrase for sharing', 600_000);
      expect((await user.post('/api/encryption/enable', keys.material)).statusCode).toBe(201);
      const sealed = await sealRecord(keys.dataKey, 'journal_entry', { title: `Secret ${canary}`, body: canary });
      const entry = (
        await user.post('/api/journal_entry/create', {
          board: user.boardId,
          params: { date: '2026-11-02', ...sealed },
        })
      ).json().journal_entry;
      return { dataKey: keys.dataKey, entry };
    }

    it("keeps only the browser's sealed copy, serves it without its key, and forgets it when revoked", async () => {
      const user = await signUp(app);
      const { dataKey, entry } = await encryptedEntry(user);
      const source = { model: 'journal_entry' as const, id: entry.id };
      const share = await sealShare(dataKey, source, {
        title: `Secret ${canary}`,
        body: `<p>${canary}</p>`,
        date: '2026-11-02',
      });
      const create = (params: Record<string, unknown>) =>
        user.post('/api/shared_page/create', {
          board: user.boardId,
          params: { source_model: 'journal_entry', source_id: entry.id, ...params },
        });
      // Without the sealed copy, or with the text in the clear, there is nothing the server could show.
      expect((await create({})).statusCode).toBe(422);
      const clear = await create({ sealed: `Secret ${canary}`, sealed_key: share.sealed_key });
      expect(clear.statusCode).toBe(422);
      expect(clear.json().errors.sealed).toEqual(['must be the entry sealed in the browser']);
      const made = await create({ sealed: share.sealed, sealed_key: share.sealed_key });
      expect(made.statusCode).toBe(201);
      const page = made.json().shared_page;
      expect(JSON.stringify(made.json())).not.toContain(canary);
      expect(JSON.stringify(made.json())).not.toContain(share.pageKey);

      const open = await app.inject({ method: 'GET', url: `/api/public/shared/${page.slug}` });
      expect(open.statusCode).toBe(200);
      expect(open.json().page).toMatchObject({ title: '', body: '', sealed: share.sealed });
      // Not the entry's own ciphertext: only what was sealed for the page.
      expect(open.body).not.toContain(entry.body);
      expect(open.body).not.toContain(canary);
      // The link's key opens it; another key does not.
      await expect(openShare(share.pageKey, open.json().page.sealed)).resolves.toEqual({
        title: `Secret ${canary}`,
        body: `<p>${canary}</p>`,
        date: '2026-11-02',
      });
      const other = await sealShare(dataKey, source, { title: 'x', body: 'y', date: '2026-11-02' });
      await expect(openShare(other.pageKey, open.json().page.sealed)).rejects.toThrow("This entry can't be decrypted");
      // The owner's device gets the link's key back from the sealed copy.
      await expect(pageKeyOf(dataKey, source, page.sealed_key)).resolves.toBe(share.pageKey);

      await user.post('/api/shared_page/update', {
        board: user.boardId,
        params: { id: page.id, revoked_at: new Date().toISOString() },
      });
      expect((await app.inject({ method: 'GET', url: `/api/public/shared/${page.slug}` })).statusCode).toBe(404);
      const revoked = (await user.post('/api/shared_page/get', { board: user.boardId, params: { id: page.id } })).json()
        .shared_page;
      expect(revoked).toMatchObject({ sealed: null, sealed_key: null });
      // Taking the revocation back needs a sealed copy again.
      const back = await user.post('/api/shared_page/update', {
        board: user.boardId,
        params: { id: page.id, revoked_at: null },
      });
      expect(back.statusCode).toBe(422);
    });

    it('refuses a sealed copy for a plain entry, and never serves the ciphertext of an entry encrypted after sharing', async () => {
      const user = await signUp(app);
      const plain = (
        await user.post('/api/journal_entry/create', {
          board: user.boardId,
          params: { date: '2026-11-03', title: 'Plain', body: '<p>plain</p>' },
        })
      ).json().journal_entry;
      const { dataKey } = await encryptedEntry(user);
      const share = await sealShare(
        dataKey,
        { model: 'journal_entry', id: plain.id },
        { title: 'a', body: 'b', date: '' },
      );
      const refused = await user.post('/api/shared_page/create', {
        board: user.boardId,
        params: {
          source_model: 'journal_entry',
          source_id: plain.id,
          sealed: share.sealed,
          sealed_key: share.sealed_key,
        },
      });
      expect(refused.statusCode).toBe(422);
      const page = (
        await user.post('/api/shared_page/create', {
          board: user.boardId,
          params: { source_model: 'journal_entry', source_id: plain.id },
        })
      ).json().shared_page;
      expect((await app.inject({ method: 'GET', url: `/api/public/shared/${page.slug}` })).json().page.title).toBe(
        'Plain',
      );
      // Encryption turned on seals the entry: its page no longer has anything the server may show.
      const sealed = await sealRecord(dataKey, 'journal_entry', { title: 'Plain', body: '<p>plain</p>' });
      await user.post('/api/journal_entry/update', {
        board: user.boardId,
        params: { id: plain.id, ...sealed, expected_updated_at: plain.updated_at },
      });
      const gone = await app.inject({ method: 'GET', url: `/api/public/shared/${page.slug}` });
      expect(gone.statusCode).toBe(404);
      expect(gone.body).not.toContain('lbe:');
    });
  });
});
