import { createSchema, models } from '@lifeboard/shared/models';
import { programTemplate } from '@lifeboard/shared/models/program';
import { and, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { subscriptions } from '../../db/schema';
import { entryOf } from '../../models/registry';
import { insertRecord } from '../../models/store';
import { createBoard } from '../boards/routes';

const goalInput = createSchema(models.goal);
const habitInput = createSchema(models.habit);
const routineInput = createSchema(models.routine);

export interface InstallableProgram {
  id: number;
  data: Record<string, unknown>;
}

/**
 * A program anyone may see and subscribe to, by the public guid of its links; undefined when none is published.
 * Unambiguous: guids are made by the server and unique (`program_guid_idx`), so at most one program has it.
 */
export async function findPublishedProgram(db: Db, guid: string): Promise<InstallableProgram | undefined> {
  const programs = modelTables.program;
  const [row] = await db.select({ id: programs.id, data: programs.data }).from(programs)
    .where(and(sql`${programs.data}->>'guid' = ${guid}`, sql`${programs.data}->>'status' = 'published'`))
    .limit(1);
  return row;
}

/**
 * Subscribing (spec §4): a new board named after the program with its template's goals, habits and
 * routines, and an active subscription. Shared by `/api/program/subscribe` and sign-up through a program link.
 */
export async function installProgram(app: FastifyInstance, userId: number, program: InstallableProgram): Promise<{ id: number; name: string }> {
  const title = String(program.data.title ?? 'Program');
  const template = programTemplate.safeParse(program.data.template ?? {});
  const board = await createBoard(app, userId, title.slice(0, 100));
  const owner = { userId, boardId: board.id };
  const installed = template.success ? template.data : {};
  for (const goal of installed.goals ?? []) await insertRecord(app.db, entryOf('goal'), owner, goalInput.parse(goal));
  for (const habit of installed.habits ?? []) await insertRecord(app.db, entryOf('habit'), owner, habitInput.parse(habit));
  for (const routine of installed.routines ?? []) await insertRecord(app.db, entryOf('routine'), owner, routineInput.parse(routine));
  await app.db.insert(subscriptions).values({ userId, programId: program.id, boardId: board.id, status: 'active' });
  return board;
}
