import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('boards', () => {
  it('creates, lists (own only), verifies, renames and deletes', async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    const created = (await user.post('/api/board/create', { name: '  Work  ' })).json();
    expect(created).toEqual({ success: true, board: { id: expect.any(Number), name: 'Work' } });
    const all = (await user.get('/api/board/all')).json().boards;
    expect(all.map((board: { name: string }) => board.name)).toEqual(['Default Board', 'Work']);
    expect((await other.get('/api/board/all')).json().boards).toEqual([{ id: other.boardId, name: 'Default Board' }]);
    expect((await user.post('/api/board/verify', { id: created.board.id })).json()).toEqual({
      success: true,
      board: created.board,
    });
    expect((await user.post('/api/board/update', { id: created.board.id, name: 'Job' })).json()).toEqual({
      success: true,
      board: { id: created.board.id, name: 'Job' },
    });
    expect((await user.post('/api/board/delete', { id: created.board.id })).json()).toEqual({ success: true });
    expect((await user.get('/api/board/all')).json().boards).toHaveLength(1);
  });

  it("verify says success: false for another user's or an unknown board", async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    expect((await user.post('/api/board/verify', { id: other.boardId })).json().success).toBe(false);
    expect((await user.post('/api/board/verify', { id: 999_999_999 })).json().success).toBe(false);
  });

  it("answers 403 for another user's board and leaves it alone", async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    expect((await user.post('/api/board/update', { id: other.boardId, name: 'Mine now' })).statusCode).toBe(403);
    expect((await user.post('/api/board/delete', { id: other.boardId })).statusCode).toBe(403);
    expect((await other.get('/api/board/all')).json().boards).toEqual([{ id: other.boardId, name: 'Default Board' }]);
  });

  it('keeps the last board, and moves the default when the default board is deleted', async () => {
    const user = await signUp(app);
    const last = await user.post('/api/board/delete', { id: user.boardId });
    expect(last.statusCode).toBe(422);
    expect(last.json().message).toBe('The last board cannot be deleted.');
    const second = (await user.post('/api/board/create', { name: 'Second' })).json().board;
    expect((await user.post('/api/board/delete', { id: user.boardId })).json().success).toBe(true);
    expect((await user.get('/api/user')).json().user.default_board_id).toBe(second.id);
  });

  it('validates names and ids with 422', async () => {
    const user = await signUp(app);
    for (const [path, body] of [
      ['/api/board/create', { name: '' }],
      ['/api/board/create', { name: 'x'.repeat(101) }],
      ['/api/board/create', {}],
      ['/api/board/verify', { id: 'a' }],
      ['/api/board/update', { id: -1, name: 'x' }],
    ] as const) {
      expect((await user.post(path, body)).statusCode, `${path} ${JSON.stringify(body)}`).toBe(422);
    }
  });

  it('is 401 signed out', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/board/all' })).statusCode).toBe(401);
  });
});
