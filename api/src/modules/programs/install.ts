import { createSchema, models } from '@lifeboard/shared/models';
import { programTemplate } from '@lifeboard/shared/models/program';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { boards, subscriptions } from '../../db/schema';
import { entryOf } from '../../models/registry';
import { insertRecord } from '../../models/store';
import { createBoard } from '../boards/service';

const goalInput = createSchema(models.goal);
const habitInput = createSchema(models.habit);
const routineInput = createSchema(models.routine);

export interface InstallableProgram {
  id: number;
  /** Its creator. */
  userId: number;
  data: Record<string, unknown>;
}

/** A program's price in minor units of its currency; 0 is free. */
export function priceOf(program: Pick<InstallableProgram, 'data'>): { cents: number; currency: string } {
  const cents = program.data.price_cents;
  const currency = program.data.currency;
  return {
    cents: typeof cents === 'number' && cents > 0 ? cents : 0,
    currency: typeof currency === 'string' && currency ? currency : 'USD',
  };
}

/**
 * A program anyone may see and subscribe to, by the public guid of its links; undefined when none is published.
 * Unambiguous: guids are made by the server and unique (`program_guid_idx`), so at most one program has it.
 */
export async function findPublishedProgram(db: Db, guid: string): Promise<InstallableProgram | undefined> {
  const programs = modelTables.program;
  const [row] = await db
    .select({ id: programs.id, userId: programs.userId, data: programs.data })
    .from(programs)
    .where(and(sql`${programs.data}->>'guid' = ${guid}`, sql`${programs.data}->>'status' = 'published'`))
    .limit(1);
  return row;
}

/**
 * Subscribing (spec §4): a new board named after the program with its template's goals, habits and
 * routines, and an active subscription. Shared by `/api/program/subscribe` and sign-up through a program link.
 * Idempotent: while the caller has an active subscription whose board still exists, that board is the answer
 * and nothing is made. One transaction, so a failure leaves no half-installed board; it holds a lock on
 * (user, program), so two subscribes at once make one board.
 */
export async function installProgram(
  app: FastifyInstance,
  userId: number,
  program: InstallableProgram,
): Promise<{ id: number; name: string }> {
  const installed = await app.db.transaction((tx) => installProgramIn(tx, userId, program));
  return installed.board;
}

/** `installProgram` inside the caller's transaction (a completed payment books its sale in the same one). */
export async function installProgramIn(
  tx: Db,
  userId: number,
  program: InstallableProgram,
): Promise<{ board: { id: number; name: string }; subscriptionId: number }> {
  const title = String(program.data.title ?? 'Program');
  const template = programTemplate.safeParse(program.data.template ?? {});
  const installed = template.success ? template.data : {};
  await tx.execute(sql`select pg_advisory_xact_lock(${userId}::int, ${program.id}::int)`);
  const [existing] = await tx
    .select({ id: boards.id, name: boards.name, subscriptionId: subscriptions.id })
    .from(subscriptions)
    .innerJoin(boards, and(eq(boards.id, subscriptions.boardId), eq(boards.userId, userId)))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.programId, program.id),
        eq(subscriptions.status, 'active'),
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(1);
  if (existing) return { board: { id: existing.id, name: existing.name }, subscriptionId: existing.subscriptionId };
  // An active subscription whose board was deleted is over: the new board gets a new one.
  await tx
    .update(subscriptions)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.programId, program.id),
        eq(subscriptions.status, 'active'),
      ),
    );
  const board = await createBoard(tx, userId, title.slice(0, 100));
  const owner = { userId, boardId: board.id };
  for (const goal of installed.goals ?? []) await insertRecord(tx, entryOf('goal'), owner, goalInput.parse(goal));
  for (const habit of installed.habits ?? []) await insertRecord(tx, entryOf('habit'), owner, habitInput.parse(habit));
  for (const routine of installed.routines ?? [])
    await insertRecord(tx, entryOf('routine'), owner, routineInput.parse(routine));
  const [subscription] = await tx
    .insert(subscriptions)
    .values({ userId, programId: program.id, boardId: board.id, status: 'active' })
    .returning({ id: subscriptions.id });
  return { board: { id: board.id, name: board.name }, subscriptionId: subscription.id };
}
