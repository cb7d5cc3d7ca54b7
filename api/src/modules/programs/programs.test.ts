import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, PASSWORD, signUp, testDatabase, uniqueEmail, publishProgram } from '../../../test/helpers';
import { modelTables } from '../../db/model-tables';
import { subscriptions } from '../../db/schema';
import { isUniqueViolation } from '../../errors';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function activeSubscriptions(userId: number, programId: number): Promise<number> {
  const { db } = await testDatabase();
  return db.$count(
    subscriptions,
    and(eq(subscriptions.userId, userId), eq(subscriptions.programId, programId), eq(subscriptions.status, 'active')),
  );
}

const template = {
  goals: [{ title: 'Run 5 km', why: 'Health' }],
  habits: [{ title: 'Run three times a week' }],
  routines: [{ title: 'Warm-up' }],
};

describe('program subscribe', () => {
  it('subscribing creates a board named after the program with its template installed', async () => {
    const [creator, user] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const program = await publishProgram(app, creator, {
      title: 'Couch to 5k',
      template,
      description: '<p>Start <em>slow</em></p>',
    });
    expect(program.guid).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // Published programs are in everyone's catalogue, but never in another user's own program list.
    const listed = (await user.post('/api/program/published', {})).json().programs;
    expect(listed.some((p: { id: number }) => p.id === program.id)).toBe(true);
    expect(
      (await user.post('/api/program/published', { guid: program.guid }))
        .json()
        .programs.map((p: { id: number }) => p.id),
    ).toEqual([program.id]);
    expect((await user.post('/api/program/all', { board: user.boardId })).json().programs).toEqual([]);
    const answer = (
      await user.post('/api/program/subscribe', {
        program_id: program.id,
        isSubscribing: true,
        current_board_id: user.boardId,
      })
    ).json();
    expect(answer).toEqual({ success: true, board: expect.any(Number), boardName: 'Couch to 5k' });
    expect(
      (await user.post('/api/goal/all', { board: answer.board })).json().goals.map((g: { title: string }) => g.title),
    ).toEqual(['Run 5 km']);
    expect(
      (await user.post('/api/habit/all', { board: answer.board })).json().habits.map((h: { title: string }) => h.title),
    ).toEqual(['Run three times a week']);
    expect((await user.post('/api/routine/all', { board: answer.board })).json().routines).toHaveLength(1);
    expect((await user.get('/api/board/all')).json().boards.map((b: { name: string }) => b.name)).toContain(
      'Couch to 5k',
    );
    // Only the author may change it.
    expect(
      (await user.post('/api/program/update', { board: user.boardId, params: { id: program.id, title: 'Mine' } }))
        .statusCode,
    ).toBe(404);
    const off = (
      await user.post('/api/program/subscribe', {
        program_id: program.id,
        isSubscribing: false,
        current_board_id: answer.board,
      })
    ).json();
    expect(off).toEqual({ success: true, board: answer.board, boardName: 'Couch to 5k' });
  });

  it('a draft of someone else cannot be seen or subscribed to', async () => {
    const [creator, user] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const draft = (
      await creator.post('/api/program/create', { board: creator.boardId, params: { title: 'Secret draft' } })
    ).json().program;
    expect(draft.status).toBe('draft');
    expect((await user.post('/api/program/get', { board: user.boardId, params: { id: draft.id } })).statusCode).toBe(
      404,
    );
    expect((await user.post('/api/program/published', { guid: draft.guid })).json().programs).toEqual([]);
    expect(
      (
        await user.post('/api/program/subscribe', {
          program_id: draft.id,
          isSubscribing: true,
          current_board_id: user.boardId,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await user.post('/api/program/subscribe', {
          program_id: 'x',
          isSubscribing: true,
          current_board_id: user.boardId,
        })
      ).statusCode,
    ).toBe(422);
  });

  it("refuses a client-chosen guid, so nobody can take over another program's sign-up link", async () => {
    const [creator, attacker] = await Promise.all([
      signUp(app, { as_creator: true }),
      signUp(app, { as_creator: true }),
    ]);
    const real = await publishProgram(app, creator, { title: 'The real one', template });
    const copy = await attacker.post('/api/program/create', {
      board: attacker.boardId,
      params: { title: 'Fake', status: 'published', guid: real.guid },
    });
    expect(copy.statusCode).toBe(422);
    expect(copy.json().errors.guid).toEqual(['is not a known field']);
    const own = await publishProgram(app, attacker, { title: 'Fake' });
    expect(own.guid).not.toBe(real.guid);
    const retarget = await attacker.post('/api/program/update', {
      board: attacker.boardId,
      params: { id: own.id, guid: real.guid },
    });
    expect(retarget.statusCode).toBe(422);
    expect(
      (await attacker.post('/api/program/get', { board: attacker.boardId, params: { id: own.id } })).json().program
        .guid,
    ).toBe(own.guid);
    // The link still leads to the real program: in the catalogue and at sign-up.
    expect(
      (await attacker.post('/api/program/published', { guid: real.guid }))
        .json()
        .programs.map((p: { id: number }) => p.id),
    ).toEqual([real.id]);
    const joined = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'Runner', email: uniqueEmail(), password: PASSWORD, program_guid: real.guid },
    });
    expect(joined.json().subscription).toMatchObject({ program_id: real.id, board: { name: 'The real one' } });
    // And the database holds one program per guid, whoever writes.
    const { db } = await testDatabase();
    const duplicate = await db
      .execute(
        sql`update program set data = jsonb_set(data, '{guid}', to_jsonb(${real.guid}::text)) where id = ${own.id}`,
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(duplicate, 'program_guid_idx')).toBe(true);
  });

  it('subscribing again answers the board of the active subscription: one board, one subscription, also when sent at once', async () => {
    const [creator, user] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const program = await publishProgram(app, creator, { title: 'Only once', template });
    const subscribe = () =>
      user.post('/api/program/subscribe', {
        program_id: program.id,
        isSubscribing: true,
        current_board_id: user.boardId,
      });
    const first = (await subscribe()).json();
    const again = (await subscribe()).json();
    const together = (await Promise.all([subscribe(), subscribe(), subscribe()])).map((response) => response.json());
    for (const answer of [again, ...together])
      expect(answer).toEqual({ success: true, board: first.board, boardName: 'Only once' });
    expect(
      (await user.get('/api/board/all')).json().boards.filter((b: { name: string }) => b.name === 'Only once'),
    ).toHaveLength(1);
    expect((await user.post('/api/goal/all', { board: first.board })).json().goals).toHaveLength(1);
    expect(await activeSubscriptions(user.id, program.id)).toBe(1);
    // Once unsubscribed, or once its board is deleted, subscribing makes a new board.
    await user.post('/api/program/subscribe', {
      program_id: program.id,
      isSubscribing: false,
      current_board_id: first.board,
    });
    const renewed = (await subscribe()).json();
    expect(renewed.board).not.toBe(first.board);
    expect((await user.post('/api/board/delete', { id: renewed.board })).statusCode).toBe(200);
    const afterDelete = (await subscribe()).json();
    expect([first.board, renewed.board]).not.toContain(afterDelete.board);
  });

  it('unsubscribing with current_board_id 0 (no board selected) answers the default board', async () => {
    const [creator, user] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const program = await publishProgram(app, creator, { title: 'Leaving' });
    await user.post('/api/program/subscribe', {
      program_id: program.id,
      isSubscribing: true,
      current_board_id: user.boardId,
    });
    const off = await user.post('/api/program/subscribe', {
      program_id: program.id,
      isSubscribing: false,
      current_board_id: 0,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ success: true, board: user.boardId, boardName: 'Default Board' });
    expect(await activeSubscriptions(user.id, program.id)).toBe(0);
  });

  it("unsubscribing with another user's board is a 403 that cancels nothing", async () => {
    const [creator, user] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const program = await publishProgram(app, creator, { title: 'Staying' });
    await user.post('/api/program/subscribe', {
      program_id: program.id,
      isSubscribing: true,
      current_board_id: user.boardId,
    });
    const refused = await user.post('/api/program/subscribe', {
      program_id: program.id,
      isSubscribing: false,
      current_board_id: creator.boardId,
    });
    expect(refused.statusCode).toBe(403);
    expect(await activeSubscriptions(user.id, program.id)).toBe(1);
  });

  it('installs in one transaction: a failure part-way leaves no board, records or subscription', async () => {
    const [creator, user] = await Promise.all([signUp(app, { as_creator: true }), signUp(app)]);
    const program = await publishProgram(app, creator, { title: 'Half made', template });
    const { db } = await testDatabase();
    // A real database failure at the last step (the subscription row), after the board and its records.
    await db.execute(
      sql.raw(`create or replace function lb_fail_subscription() returns trigger language plpgsql as $$
      begin if new.program_id = ${Number(program.id)} then raise exception 'injected failure'; end if; return new; end $$`),
    );
    await db.execute(
      sql`create trigger lb_fail_subscription before insert on subscription for each row execute function lb_fail_subscription()`,
    );
    try {
      const failed = await user.post('/api/program/subscribe', {
        program_id: program.id,
        isSubscribing: true,
        current_board_id: user.boardId,
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger lb_fail_subscription on subscription`);
    }
    expect((await user.get('/api/board/all')).json().boards.map((b: { name: string }) => b.name)).toEqual([
      'Default Board',
    ]);
    expect(await db.$count(modelTables.goal, eq(modelTables.goal.userId, user.id))).toBe(0);
    const ok = (
      await user.post('/api/program/subscribe', {
        program_id: program.id,
        isSubscribing: true,
        current_board_id: user.boardId,
      })
    ).json();
    expect((await user.post('/api/goal/all', { board: ok.board })).json().goals).toHaveLength(1);
  });
});
