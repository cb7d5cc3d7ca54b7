import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, PASSWORD, publishProgram, signUp, uniqueEmail } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const register = (payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { name: 'Runner', email: uniqueEmail('runner'), password: PASSWORD, ...payload },
  });

async function publish(title: string, status = 'published', price_cents = 0) {
  const creator = await signUp(app, { as_creator: true });
  const template = {
    goals: [{ title: 'Run 5 km' }],
    habits: [{ title: 'Run three times a week' }],
    routines: [{ title: 'Warm-up' }],
  };
  if (status === 'published') return publishProgram(app, creator, { title, template, price_cents });
  return (
    await creator.post('/api/program/create', { board: creator.boardId, params: { title, status, template } })
  ).json().program as { id: number; guid: string };
}

describe('sign-up through /sign-up/:programGuid', () => {
  it('subscribes the new account to the published program, whose board becomes the default', async () => {
    const program = await publish('Sleep better');
    const response = await register({ program_guid: program.guid });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.subscription).toEqual({
      program_id: program.id,
      board: { id: expect.any(Number), name: 'Sleep better' },
    });
    expect(body.user.default_board_id).toBe(body.subscription.board.id);
    expect(body.user.boards.map((b: { name: string }) => b.name).sort()).toEqual(['Default Board', 'Sleep better']);
    const user = asUser(app, body.token);
    const board = body.subscription.board.id;
    expect((await user.post('/api/goal/all', { board })).json().goals.map((g: { title: string }) => g.title)).toEqual([
      'Run 5 km',
    ]);
    expect((await user.post('/api/habit/all', { board })).json().habits.map((h: { title: string }) => h.title)).toEqual(
      ['Run three times a week'],
    );
    expect((await user.post('/api/routine/all', { board })).json().routines).toHaveLength(1);
    // The subscription is a real one: unsubscribing from it works like any other.
    const off = await user.post('/api/program/subscribe', {
      program_id: program.id,
      isSubscribing: false,
      current_board_id: board,
    });
    expect(off.json()).toEqual({ success: true, board, boardName: 'Sleep better' });
  });

  it('makes a plain account when the guid is unknown, the program is only a draft, or it is paid (bought after sign-up)', async () => {
    const draft = await publish('Hidden', 'draft');
    const paid = await publish('Paid one', 'published', 2900);
    for (const guid of ['no-such-program-1', draft.guid, paid.guid]) {
      const body = (await register({ program_guid: guid })).json();
      expect(body.subscription).toBeNull();
      expect(body.user.boards.map((b: { name: string }) => b.name)).toEqual(['Default Board']);
      expect(body.user.default_board_id).toBe(body.user.boards[0].id);
    }
  });

  it('ignores an invitation token that matches nothing', async () => {
    const response = await register({ invitation: 'x'.repeat(43) });
    expect(response.statusCode).toBe(201);
    expect(response.json().subscription).toBeNull();
    expect((await register({ invitation: 'y'.repeat(201) })).statusCode).toBe(422);
  });
});
