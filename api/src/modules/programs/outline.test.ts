import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publishProgram, signUp } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('GET /api/program/:id/outline', () => {
  it("shows a published program's author and chapter titles with when they open, never the lessons, signed out", async () => {
    const creator = await signUp(app, { as_creator: true, name: 'Coach Carla' });
    const program = await publishProgram(app, creator, { title: 'Run Club', price_cents: 1900, currency: 'USD' });
    for (const [position, title, days] of [
      [0, 'Week one', 0],
      [1, 'Week two', 7],
    ] as const)
      await creator.post('/api/chapter/create', {
        board: creator.boardId,
        params: { program_id: program.id, position, title, body: '<p>secret lesson</p>', available_after_days: days },
      });
    const answer = await app.inject({ method: 'GET', url: `/api/program/${program.id}/outline` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      author: { id: creator.id, name: 'Coach Carla', verified: false },
      chapters: [
        { title: 'Week one', available_after_days: 0 },
        { title: 'Week two', available_after_days: 7 },
      ],
      refund_window_days: expect.any(Number),
    });
    expect(answer.body).not.toContain('secret lesson');
  });

  it('answers 404 for a draft', async () => {
    const creator = await signUp(app, { as_creator: true });
    const draft = (
      await creator.post('/api/program/create', {
        board: creator.boardId,
        params: { title: 'Not yet', status: 'draft' },
      })
    ).json().program;
    expect((await app.inject({ method: 'GET', url: `/api/program/${draft.id}/outline` })).statusCode).toBe(404);
  });
});
