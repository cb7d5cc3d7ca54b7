import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { composeMail } from '../mail/compose';
import { occurrenceJobId, SCAN_LOOKAHEAD_MS, SCAN_LOOKBACK_MS, type ReminderDeps } from '../reminders/delivery';
import { instantOfFloating, wallDateOf } from '@lifeboard/shared/lib/time-zone';
import { buildDigest, isEmptyDigest } from './digest';

export const DAILY_EMAIL_JOB = 'daily-email';
/** The local time the daily e-mail goes out. */
export const DAILY_EMAIL_HOUR = 7;
/** An unsubscribe link works this long (mail clients call it whenever the person presses the button). */
const UNSUBSCRIBE_TTL_MS = 365 * 24 * 3600 * 1000;

export interface DailyEmailJob {
  userId: number;
  date: string;
}
export interface UnsubscribePayload {
  u: number;
  exp: number;
}

export type DailyEmailDeps = Pick<ReminderDeps, 'db' | 'env' | 'mailer' | 'queue' | 'signer'>;

const dailyJobId = (userId: number, date: string) => occurrenceJobId(`daily:${userId}:${date}`);

export function unsubscribeUrl(deps: Pick<DailyEmailDeps, 'env' | 'signer'>, userId: number, now = Date.now()): string {
  const token = deps.signer.signFor<UnsubscribePayload>('unsubscribe', { u: userId, exp: now + UNSUBSCRIBE_TTL_MS });
  return `${deps.env.PUBLIC_API_URL.replace(/\/+$/, '')}/api/unsubscribe?t=${token}`;
}

/**
 * The daily e-mail of one user and day. Everything it says is worked out from the job's date, never the clock,
 * so a job run late (after a restart) still describes its own day; a day with nothing to say sends nothing.
 */
export function defineDailyEmailJob(deps: DailyEmailDeps): void {
  deps.queue.define<DailyEmailJob>({
    name: DAILY_EMAIL_JOB,
    options: {
      retryLimit: 8,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 1800,
      deleteAfterSeconds: 3 * 24 * 3600,
    },
    handler: async ({ userId, date }, job) => {
      const [user] = await deps.db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          timezone: users.timezone,
          wanted: users.sendDailyEmails,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user?.wanted) return; // turned off (or the account deleted) since it was queued
      const digest = await buildDigest(deps.db, user, date, DAILY_EMAIL_HOUR);
      if (isEmptyDigest(digest)) return;
      const day = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'UTC',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
      }).format(new Date(`${date}T12:00:00Z`));
      const section = (heading: string, lines: string[]) =>
        lines.length ? [`${heading}:\n${lines.map((line) => `• ${line}`).join('\n')}`] : [];
      const unsubscribe = unsubscribeUrl(deps, user.id);
      await deps.mailer.send(
        composeMail({
          to: user.email,
          subject: `Your day: ${day}`,
          greeting: `Good morning ${user.name},`,
          lines: [
            `Here is ${day}.`,
            ...section('Your plan', digest.plan),
            ...section('Habits to do', digest.habits),
            ...section('Reminders still to come', digest.reminders),
            ...section('Events', digest.events),
          ],
          action: { label: 'Open Lifeboard', url: `${deps.env.APP_URL.replace(/\/+$/, '')}/home` },
          links: [{ label: 'Stop these daily e-mails', url: unsubscribe }],
          footer: ['You get this because “Send me daily e-mails” is on in your Lifeboard account.'],
          messageId: `<daily.${user.id}.${date}@lifeboard>`,
          // RFC 8058 one-click: a mail client POSTs "List-Unsubscribe=One-Click" to the address.
          headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }),
      );
      await job.done();
    },
  });
}

/**
 * Queues the daily e-mail of every user who wants one and whose 07:00 falls in [now - lookback, now + lookahead),
 * to start at that 07:00. Every process may run it: the job id (user and day) keeps it to one.
 */
export async function scanDailyEmails(deps: Pick<DailyEmailDeps, 'db' | 'queue'>, now = new Date()): Promise<number> {
  const from = now.getTime() - SCAN_LOOKBACK_MS;
  const to = now.getTime() + SCAN_LOOKAHEAD_MS;
  const wanting = await deps.db
    .select({ id: users.id, timezone: users.timezone })
    .from(users)
    .where(eq(users.sendDailyEmails, true));
  let queued = 0;
  for (const user of wanting) {
    // Today's 07:00 and, late in the evening with a long look-ahead, tomorrow's.
    for (const date of new Set([wallDateOf(new Date(from), user.timezone), wallDateOf(new Date(to), user.timezone)])) {
      const at = instantOfFloating(
        Date.parse(`${date}T${String(DAILY_EMAIL_HOUR).padStart(2, '0')}:00:00Z`),
        user.timezone,
      );
      if (at.getTime() < from || at.getTime() >= to) continue;
      if (
        await deps.queue.send(DAILY_EMAIL_JOB, { userId: user.id, date } satisfies DailyEmailJob, {
          id: dailyJobId(user.id, date),
          startAfter: at,
        })
      )
        queued += 1;
    }
  }
  return queued;
}
