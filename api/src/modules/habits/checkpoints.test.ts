import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers';
import { habitCheckpoints, habitEntries } from '../../db/schema';
import { saveCheckpoints } from './checkpoints';
import { ruleOf } from './entries';
import { checkpointDay, dayOf, habitStats, isoOf, type DayEntry } from './strength';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const AS_OF = '2026-11-22';

/** A habit with ~15 months of check-ins (an amount, a skip or nothing, from a fixed pattern), written in one statement. */
async function habitWithHistory(user: TestUser, params: Record<string, unknown>) {
  const habit = (
    await user.post('/api/habit/create', { board: user.boardId, params: { title: 'Water', ...params } })
  ).json().habit;
  const numeric = params.kind === 'at_least' || params.kind === 'at_most';
  const rows = [];
  for (let d = dayOf('2025-08-01'); d <= dayOf(AS_OF); d += 1) {
    const r = (d * 7919) % 13;
    if (r < 3) continue;
    rows.push({
      userId: user.id,
      boardId: user.boardId,
      habitId: habit.id as number,
      date: isoOf(d),
      value: r === 3 ? ('skip' as const) : numeric ? (r % 5) * 1.3 : ('yes' as const),
    });
  }
  await app.db.insert(habitEntries).values(rows);
  return habit as { id: number };
}

async function stored(habitId: number) {
  const [row] = await app.db.select().from(habitCheckpoints).where(eq(habitCheckpoints.habitId, habitId));
  return row;
}

/** The stats from every check-in, as the algorithm computes them without a checkpoint. */
async function fullStats(user: TestUser, habitId: number) {
  const habit = (await user.post('/api/habit/get', { board: user.boardId, params: { id: habitId } })).json().habit;
  const entries = (await user.post('/api/habit/entries', { board: user.boardId, params: { habit_id: habitId } })).json()
    .entries as DayEntry[];
  return habitStats(
    ruleOf(habit),
    entries.map((e) => ({ date: e.date, value: e.value })),
    AS_OF,
  );
}

async function listed(user: TestUser, habitId: number) {
  const overview = (await user.post('/api/habit/overview', { board: user.boardId, params: { date: AS_OF } })).json();
  const row = overview.habits.find((h: { habit: { id: number } }) => h.habit.id === habitId);
  const { last7, ...stats } = row.stats;
  return { ...stats, last7: last7.map(({ note: _, ...day }: { note: string }) => day) };
}
const withoutNotes = ({ last7, ...stats }: ReturnType<typeof habitStats>) => ({
  ...stats,
  last7: last7.map(({ note: _, ...day }) => day),
});

describe('habit checkpoints (habit_checkpoint)', () => {
  it('the list keeps one per habit and gives the numbers of every check-in; a back-dated check-in makes it computed again', async () => {
    const user = await signUp(app);
    const habit = await habitWithHistory(user, { kind: 'at_least', target: 4, frequency_num: 1, frequency_den: 1 });
    const first = await listed(user, habit.id);
    expect(first).toEqual(withoutNotes(await fullStats(user, habit.id)));
    const kept = await stored(habit.id);
    expect(kept).toMatchObject({
      valid: true,
      state: { day: checkpointDay(ruleOf({ kind: 'at_least', target: 4 }), AS_OF, '2025-08-01'), first: '2025-08-01' },
    });

    // The next read resumes from it: a score planted in the checkpoint shows (then is put back).
    await app.db
      .update(habitCheckpoints)
      .set({ state: { ...kept.state!, score: 0.123 } })
      .where(eq(habitCheckpoints.habitId, habit.id));
    expect((await listed(user, habit.id)).score).not.toBe(first.score);

    // A check-in on or after its day leaves it valid (one version more); one before it does not.
    const checkin = (date: string, value: unknown) =>
      user.post('/api/habit/checkin', { board: user.boardId, params: { habit_id: habit.id, date, value } });
    await checkin(AS_OF, 9);
    expect(await stored(habit.id)).toMatchObject({ valid: true, version: kept.version + 1 });
    await checkin('2026-02-03', 40);
    expect(await stored(habit.id)).toMatchObject({ valid: false });
    const after = await listed(user, habit.id);
    expect(after).toEqual(withoutNotes(await fullStats(user, habit.id)));
    expect(after.score).not.toBe(first.score);
    expect(await stored(habit.id)).toMatchObject({ valid: true });

    // Removing a back-dated check-in, too.
    await user.post('/api/habit/checkin/remove', {
      board: user.boardId,
      params: { habit_id: habit.id, date: '2026-02-03' },
    });
    expect(await stored(habit.id)).toMatchObject({ valid: false });
    expect(await listed(user, habit.id)).toEqual(withoutNotes(await fullStats(user, habit.id)));
  });

  it("a pause (another rule) is computed again, and one habit's stats read the same checkpoint", async () => {
    const user = await signUp(app);
    const habit = await habitWithHistory(user, { kind: 'yes_no', frequency_num: 3, frequency_den: 7 });
    await listed(user, habit.id);
    const kept = await stored(habit.id);
    await app.db
      .update(habitCheckpoints)
      .set({ state: { ...kept.state!, score: 0.5 } })
      .where(eq(habitCheckpoints.habitId, habit.id));
    await user.post('/api/habit/pause', {
      board: user.boardId,
      params: { habit_id: habit.id, from: '2026-03-01', to: '2026-03-20' },
    });
    const full = withoutNotes(await fullStats(user, habit.id));
    expect(await listed(user, habit.id)).toEqual(full);
    const one = (
      await user.post('/api/habit/stats', { board: user.boardId, params: { habit_id: habit.id, date: AS_OF } })
    ).json().stats;
    expect(withoutNotes(one)).toEqual(full);
    // A day before the checkpoint is computed from every check-in, and the kept checkpoint does not move back.
    const before = (await stored(habit.id)).state!.day;
    const past = (
      await user.post('/api/habit/stats', { board: user.boardId, params: { habit_id: habit.id, date: '2026-01-10' } })
    ).json().stats;
    expect(past.as_of).toBe('2026-01-10');
    expect((await stored(habit.id)).state!.day).toBe(before);
  });

  it('a checkpoint computed before a check-in was written is not saved over it', async () => {
    const user = await signUp(app);
    const habit = await habitWithHistory(user, { kind: 'yes_no' });
    await listed(user, habit.id);
    const read = await stored(habit.id);
    await user.post('/api/habit/checkin', {
      board: user.boardId,
      params: { habit_id: habit.id, date: '2026-01-02', value: 'skip' },
    });
    // A reader that read `read` before that check-in now saves what it computed: refused.
    await saveCheckpoints(app, [
      { habitId: habit.id, userId: user.id, version: read.version, valid: true, rule: read.rule!, state: read.state! },
    ]);
    expect(await stored(habit.id)).toMatchObject({ valid: false, version: read.version + 1 });
    // A habit that had none gets one from a reader that found none, unless a check-in made one meanwhile.
    const fresh = (await user.post('/api/habit/create', { board: user.boardId, params: { title: 'New' } })).json()
      .habit;
    await user.post('/api/habit/checkin', {
      board: user.boardId,
      params: { habit_id: fresh.id, date: AS_OF, value: 'yes' },
    });
    await saveCheckpoints(app, [
      { habitId: fresh.id, userId: user.id, version: -1, valid: true, rule: read.rule!, state: read.state! },
    ]);
    expect(await stored(fresh.id)).toMatchObject({ valid: false });
    const count = await app.db.execute(
      sql`select count(*)::int as n from habit_checkpoint where habit_id = ${fresh.id}`,
    );
    expect((count as { rows: { n: number }[] }).rows[0].n).toBe(1);
  });
});
