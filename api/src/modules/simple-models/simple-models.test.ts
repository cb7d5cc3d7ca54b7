import { simpleModelNames } from '@lifeboard/shared/models';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe.each(simpleModelNames)('simple model %s', (model) => {
  it('starts empty, saves the answers of its board, and keeps boards apart', async () => {
    const user = await signUp(app);
    const other = (await user.post('/api/board/create', { name: 'Other' })).json().board.id;
    expect((await user.post('/api/simple_model/get', { board: user.boardId, model })).json()).toEqual({
      success: true,
      data: null,
    });
    const responses = { why_now: 'Because it matters', first_step: 'Write it down' };
    expect((await user.post('/api/simple_model/update', { board: user.boardId, model, responses })).json()).toEqual({
      success: true,
      [model]: responses,
    });
    expect((await user.post('/api/simple_model/get', { board: user.boardId, model })).json()).toEqual({
      success: true,
      data: responses,
    });
    expect((await user.post('/api/simple_model/get', { board: other, model })).json().data).toBeNull();
  });

  it("refuses another user's board and bad answers", async () => {
    const [user, intruder] = await Promise.all([signUp(app), signUp(app)]);
    expect((await intruder.post('/api/simple_model/get', { board: user.boardId, model })).statusCode).toBe(403);
    expect(
      (await intruder.post('/api/simple_model/update', { board: user.boardId, model, responses: { a: 'b' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await user.post('/api/simple_model/update', { board: user.boardId, model, responses: { 'Bad Key!': 'x' } }))
        .statusCode,
    ).toBe(422);
    expect(
      (await user.post('/api/simple_model/update', { board: user.boardId, model, responses: { a: 5 } })).statusCode,
    ).toBe(422);
  });
});

describe('simple model names', () => {
  it('refuses a page that is not one', async () => {
    const user = await signUp(app);
    expect((await user.post('/api/simple_model/get', { board: user.boardId, model: 'habit' })).statusCode).toBe(422);
  });

  it('mission answers are the mission record', async () => {
    const user = await signUp(app);
    await user.post('/api/simple_model/update', {
      board: user.boardId,
      model: 'mission',
      responses: { purpose: 'Help' },
    });
    expect((await user.post('/api/mission/all', { board: user.boardId })).json().mission).toMatchObject({
      responses: { purpose: 'Help' },
    });
  });
});
