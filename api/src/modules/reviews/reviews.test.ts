import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';
import { SECOND_REVIEW } from './index';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('weekly reviews', () => {
  it('keeps one review per week, newest week first, and finds last week’s by its Monday', async () => {
    const user = await signUp(app);
    const save = (params: object) => user.post('/api/weekly_review/create', { board: user.boardId, params });
    const first = await save({ week: '2026-11-16', wins: 'Ran twice', focus: 'Sleep by eleven' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await save({ week: '2026-11-23', wins: 'Finished the report' });
    expect(second.statusCode, second.body).toBe(201);

    const again = await save({ week: '2026-11-16', wins: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(JSON.stringify(again.json())).toContain(SECOND_REVIEW);

    const all = await user.post('/api/weekly_review/all', { board: user.boardId });
    expect(all.json().weeklyReviews.map((r: { week: string }) => r.week)).toEqual(['2026-11-23', '2026-11-16']);
    const lastWeek = await user.post('/api/weekly_review/all', {
      board: user.boardId,
      params: { from: '2026-11-16', to: '2026-11-16' },
    });
    expect(lastWeek.json().weeklyReviews).toMatchObject([{ focus: 'Sleep by eleven' }]);

    // Moving a review onto a week that has one is refused too; onto a free week it is not.
    const moved = await user.post('/api/weekly_review/update', {
      board: user.boardId,
      params: { id: second.json().weekly_review.id, week: '2026-11-16' },
    });
    expect(moved.statusCode).toBe(409);
    const free = await user.post('/api/weekly_review/update', {
      board: user.boardId,
      params: { id: second.json().weekly_review.id, week: '2026-11-30', focus: 'Rest' },
    });
    expect(free.statusCode, free.body).toBe(200);
  });

  it('refuses a week that does not start on a Monday, and another person’s reviews stay theirs', async () => {
    const user = await signUp(app);
    const tuesday = await user.post('/api/weekly_review/create', {
      board: user.boardId,
      params: { week: '2026-11-17' },
    });
    expect(tuesday.statusCode).toBe(422);
    expect(JSON.stringify(tuesday.json())).toContain('must be the Monday the week starts on');
    const other = await signUp(app);
    await other.post('/api/weekly_review/create', { board: other.boardId, params: { week: '2026-11-16' } });
    const mine = await user.post('/api/weekly_review/create', { board: user.boardId, params: { week: '2026-11-16' } });
    expect(mine.statusCode, mine.body).toBe(201);
    expect((await other.post('/api/weekly_review/all', { board: user.boardId })).statusCode).toBe(403);
  });
});
