import { instantOfFloating, wallDateOf } from '@lifeboard/shared/lib/time-zone';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users, weeklyReflections } from '../../db/schema';
import { AppError } from '../../errors';
import { PermanentJobError, type JobQueue } from '../../jobs/queue';
import { modelFor, takeDailyRequest } from '../ai/providers';
import { dayOf, isoOf } from '../habits/strength';
import { addNotification } from '../notifications/service';
import { occurrenceJobId, SCAN_LOOKAHEAD_MS, SCAN_LOOKBACK_MS } from '../reminders/delivery';
import { gatherWeek, isEmptyWeek, weekEnding, writeReflection } from './service';

export const WEEKLY_REFLECTION_JOB = 'weekly-reflection';
/** Monday at this local hour, the reflection on the week that ended the day before is written. */
export const WEEKLY_REFLECTION_HOUR = 8;

export interface WeeklyReflectionJob {
  userId: number;
  /** The Monday (the person's calendar day) it is written on. */
  date: string;
}

/** Whether a `YYYY-MM-DD` is a Monday (1970-01-01 was a Thursday). */
const isMonday = (date: string) => (((dayOf(date) + 3) % 7) + 7) % 7 === 0;

/**
 * The weekly reflection of one person and Monday: the seven days before it, sent to their model, kept, and announced
 * in the bell. Nothing happens when they opted out since, no provider is set up, or the week holds nothing to send.
 */
export function defineWeeklyReflectionJob(queue: JobQueue, app: FastifyInstance): void {
  queue.define<WeeklyReflectionJob>({
    name: WEEKLY_REFLECTION_JOB,
    options: {
      retryLimit: 5,
      retryDelay: 60,
      retryBackoff: true,
      retryDelayMax: 1800,
      deleteAfterSeconds: 7 * 24 * 3600,
    },
    handler: async ({ userId, date }) => {
      const [user] = await app.db
        .select({ weekly: users.weeklyReflection })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user?.weekly) return;
      const period = weekEnding(isoOf(dayOf(date) - 1));
      // A retry after the reflection was kept writes no second one.
      const [done] = await app.db
        .select({ id: weeklyReflections.id })
        .from(weeklyReflections)
        .where(
          and(
            eq(weeklyReflections.userId, userId),
            eq(weeklyReflections.toDate, period.to),
            eq(weeklyReflections.origin, 'weekly'),
          ),
        )
        .limit(1);
      if (done) return;
      const model = await modelFor(app, userId);
      if (!model) return;
      if (model.problem) throw new PermanentJobError(model.problem);
      const week = await gatherWeek(app, userId, period);
      if (isEmptyWeek(week)) return;
      try {
        await takeDailyRequest(app.db, userId, model);
      } catch (error) {
        if (error instanceof AppError) throw new PermanentJobError(error.message);
        throw error;
      }
      const result = await writeReflection(app, userId, model, week, 'weekly');
      if (!result.ok) throw new Error(`The AI model could not write the weekly reflection: ${result.message}`);
      await addNotification(app.db, {
        userId,
        key: `reflection:${result.row.id}`,
        title: 'Your weekly reflection is ready',
        body: `A reflection on your week (${week.entries.length} journal ${week.entries.length === 1 ? 'entry' : 'entries'} and ${week.habits.length} ${week.habits.length === 1 ? 'habit' : 'habits'}) is waiting under Journal → Weekly reflection.`,
        action: null,
      });
    },
  });
}

/**
 * Queues the weekly reflection of everyone who opted in and whose Monday 08:00 falls in [now - lookback, now +
 * lookahead), to start then. Every process may scan: the job id (person and Monday) keeps it to one.
 */
export async function scanWeeklyReflections(
  deps: { db: FastifyInstance['db']; queue: JobQueue },
  now = new Date(),
): Promise<number> {
  const from = now.getTime() - SCAN_LOOKBACK_MS;
  const to = now.getTime() + SCAN_LOOKAHEAD_MS;
  const wanting = await deps.db
    .select({ id: users.id, timezone: users.timezone })
    .from(users)
    .where(eq(users.weeklyReflection, true));
  let queued = 0;
  for (const user of wanting) {
    for (const date of new Set([wallDateOf(new Date(from), user.timezone), wallDateOf(new Date(to), user.timezone)])) {
      if (!isMonday(date)) continue;
      const at = instantOfFloating(
        Date.parse(`${date}T${String(WEEKLY_REFLECTION_HOUR).padStart(2, '0')}:00:00Z`),
        user.timezone,
      );
      if (at.getTime() < from || at.getTime() >= to) continue;
      if (
        await deps.queue.send(WEEKLY_REFLECTION_JOB, { userId: user.id, date } satisfies WeeklyReflectionJob, {
          id: occurrenceJobId(`reflection:${user.id}:${date}`),
          startAfter: at,
        })
      )
        queued += 1;
    }
  }
  return queued;
}
