import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../test/helpers';

describe('listPage', () => {
  let app: FastifyInstance;
  let user: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    user = await signUp(app);
    for (let i = 1; i <= 7; i += 1) {
      const created = await user.post('/api/note/create', { board: user.boardId, params: { title: `page note ${i}` } });
      expect(created.statusCode).toBe(201);
    }
  });
  afterAll(() => app.close());

  it('pages by the size asked (3, 3, 1), newest first', async () => {
    const titles: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const response = await user.post('/api/note/all', {
        board: user.boardId,
        params: { limit: 3, ...(cursor ? { cursor } : {}) },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ notes: { title: string }[]; next_cursor?: string }>();
      sizes.push(body.notes.length);
      titles.push(...body.notes.map((note) => note.title));
      cursor = body.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 1]);
    expect(titles).toEqual([7, 6, 5, 4, 3, 2, 1].map((i) => `page note ${i}`));
  });
});
