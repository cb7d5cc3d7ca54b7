import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HabitStats } from '@lifeboard/shared/models/habit-answers';
import { habitCheckpoints } from '../../db/schema';
import { entriesByHabit, ruleOf } from './entries';
import { checkpointAt, checkpointDay, dayOf, habitStats, isoOf, windowDays, type Checkpoint } from './strength';

/** The date part of when a habit was made, or null when the caller did not read it. */
function createdDay(createdAt: Date | string | undefined): string | null {
  if (!createdAt) return null;
  return (typeof createdAt === 'string' ? createdAt : createdAt.toISOString()).slice(0, 10);
}

/**
 * Stats of habits as of `asOf`, reading only the weeks after each habit's checkpoint (habit_checkpoint,
 * migration 0020) instead of every check-in: a page of 50 habits with 5 years of daily check-ins reads about
 * 50 × 40 days instead of 50 × 1,826. A habit whose checkpoint is missing, stale (a check-in before it changed,
 * or its schedule or pauses did) or after `asOf` is computed from every check-in once, and its new checkpoint
 * saved; one that is more than a month behind is moved forward from where it stands.
 */
export async function statsOfHabits(
  app: FastifyInstance,
  userId: number,
  habits: readonly { id: number; data: Record<string, unknown>; createdAt?: Date | string }[],
  asOf: string,
): Promise<Map<number, HabitStats>> {
  const out = new Map<number, HabitStats>();
  if (!habits.length) return out;
  const ids = habits.map((habit) => habit.id);
  // Read before the check-ins: a save below is refused if a check-in changed since (the version moved on).
  const saved = await app.db
    .select()
    .from(habitCheckpoints)
    .where(and(eq(habitCheckpoints.userId, userId), inArray(habitCheckpoints.habitId, ids)));
  const savedOf = new Map(saved.map((row) => [Number(row.habitId), row]));
  const plans = habits.map((habit) => {
    const rule = ruleOf(habit.data);
    const key = JSON.stringify(rule);
    const row = savedOf.get(habit.id);
    const current = row?.valid && row.rule === key && row.state ? row.state : null;
    const usable = current && current.day <= asOf ? current : null;
    // What the stats need besides the checkpoint: its rolling window's days, and the last 7 days
    // (the streak period holding `asOf` starts on or after the checkpoint's day).
    const from = usable ? isoOf(Math.min(dayOf(usable.day) - windowDays(rule), dayOf(asOf) - 6)) : null;
    return { habit, rule, key, version: row ? row.version : -1, current, usable, from };
  });
  const entries = await entriesByHabit(
    app,
    userId,
    ids,
    asOf,
    new Map(plans.filter((p) => p.from).map((p) => [p.habit.id, p.from as string])),
  );
  const saves: { habitId: number; userId: number; version: number; valid: boolean; rule: string; state: Checkpoint }[] =
    [];
  for (const plan of plans) {
    const own = entries.get(plan.habit.id) ?? [];
    let checkpoint = plan.usable;
    const day = checkpointDay(plan.rule, asOf, checkpoint?.first ?? own[0]?.date ?? null);
    if (!checkpoint || day > checkpoint.day) {
      checkpoint = checkpointAt(plan.rule, own, day, checkpoint);
      // Never moves a kept checkpoint back (stats of a past day compute from every check-in instead).
      if (!plan.current || plan.current.day < day)
        saves.push({
          habitId: plan.habit.id,
          userId,
          version: plan.version,
          valid: true,
          rule: plan.key,
          state: checkpoint,
        });
    }
    out.set(plan.habit.id, habitStats(plan.rule, own, asOf, 7, checkpoint, createdDay(plan.habit.createdAt)));
  }
  if (saves.length) await saveCheckpoints(app, saves);
  return out;
}

export async function saveCheckpoints(app: FastifyInstance, saves: (typeof habitCheckpoints.$inferInsert)[]) {
  try {
    // `version` is the one read (-1: there was no row): a check-in written since has moved it on (a trigger on
    // habit_entry), and then this older state is not saved.
    await app.db
      .insert(habitCheckpoints)
      .values(saves)
      .onConflictDoUpdate({
        target: habitCheckpoints.habitId,
        set: { valid: true, rule: sql`excluded.rule`, state: sql`excluded.state` },
        setWhere: sql`${habitCheckpoints.version} = excluded.version`,
      });
  } catch (error) {
    // A habit deleted meanwhile (its row is gone): the stats are still right, only not kept.
    app.log.warn({ err: error }, 'habit checkpoints not saved');
  }
}
