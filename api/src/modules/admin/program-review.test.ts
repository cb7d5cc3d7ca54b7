import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOf, createTestApp, signUp } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('an admin reviewing a program', () => {
  it('reads its chapters and lessons in order (text, video, files, quiz with its answers), with when each opens, before deciding', async () => {
    const admin = await adminOf(app);
    const creator = await signUp(app, { as_creator: true });
    const program = (
      await creator.post('/api/program/create', {
        board: creator.boardId,
        params: { title: 'Run Club', price_cents: 1900, currency: 'USD', status: 'published' },
      })
    ).json().program;
    for (const [position, title, days] of [
      [1, 'Week two', 7],
      [0, 'Week one', 0],
    ] as const)
      await creator.post('/api/chapter/create', {
        board: creator.boardId,
        params: { program_id: program.id, position, title, body: `<p>${title} lesson</p>`, available_after_days: days },
      });
    const quiz = [{ question: 'How long is a page?', choices: ['One line', 'Three pages'], answer: 1 }];
    const video = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const weekOne = (await creator.post('/api/chapter/all', { board: creator.boardId, params: {} }))
      .json()
      .chapters.find((c: { title: string }) => c.title === 'Week one');
    const updated = await creator.post('/api/chapter/update', {
      board: creator.boardId,
      params: { id: weekOne.id, video_url: video, quiz },
    });
    expect(updated.statusCode).toBe(200);
    const view = (await admin.get(`/api/admin/programs/${program.id}`)).json().program;
    expect(view).toMatchObject({ title: 'Run Club', status: 'review', price_cents: 1900 });
    expect(view.chapters).toEqual([
      expect.objectContaining({
        title: 'Week one',
        body: '<p>Week one lesson</p>',
        available_after_days: 0,
        video_url: video,
        files: [],
        quiz,
      }),
      expect.objectContaining({
        title: 'Week two',
        body: '<p>Week two lesson</p>',
        available_after_days: 7,
        video_url: null,
        quiz: [],
      }),
    ]);
    // Another program's chapters are not among them.
    const other = await signUp(app, { as_creator: true });
    await other.post('/api/chapter/create', {
      board: other.boardId,
      params: { program_id: program.id + 1000, position: 0, title: 'Elsewhere' },
    });
    expect((await admin.get(`/api/admin/programs/${program.id}`)).json().program.chapters).toHaveLength(2);
  });
});
