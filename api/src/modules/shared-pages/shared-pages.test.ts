import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';

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
});
