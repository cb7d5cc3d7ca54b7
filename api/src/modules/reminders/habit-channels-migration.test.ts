import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signUp, testDatabase } from '../../../test/helpers';
import { modelTables } from '../../db/model-tables';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
}, 120_000);
afterAll(() => app.close());

it('gives habits from before the choice e-mail, the bell and push, and leaves a chosen one as it is', async () => {
  const user = await signUp(app);
  const create = async (params: Record<string, unknown>) =>
    (await user.post('/api/habit/create', { board: user.boardId, params })).json().habit as { id: number };
  const older = await create({ title: 'Floss', reminder_times: ['08:00'] });
  const chosen = await create({ title: 'Read', reminder_times: ['21:00'], reminder_channels: ['bell'] });
  const { db } = await testDatabase();
  const h = modelTables.habit;
  // As it was stored before migration 0022: no channel field at all.
  await db.execute(sql`update ${h} set data = data - 'reminder_channels' where ${h.id} = ${older.id}`);
  await db.execute(
    sql.raw(readFileSync(new URL('../../../drizzle/0022_habit_reminder_channels.sql', import.meta.url), 'utf8')),
  );
  const get = async (id: number) =>
    (await user.post('/api/habit/get', { board: user.boardId, params: { id } })).json().habit.reminder_channels;
  expect(await get(older.id)).toEqual(['email', 'bell', 'push']);
  expect(await get(chosen.id)).toEqual(['bell']);
});
