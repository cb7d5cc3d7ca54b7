import { and, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { habitEntries } from '../../db/habit-schema';
import { modelTables } from '../../db/model-tables';
import { users } from '../../db/schema';
import type { Env } from '../../env';
import type { JobInfo, JobQueue } from '../../jobs/queue';
import { composeMail } from '../mail/compose';
import { addNotification, markOccurrenceActed } from '../notifications/service';
import { queuePushes, type PushConfig, type PushMessage } from '../push/service';
import type { SmsConfig } from '../sms/client';
import { SMS_JOB, type SmsJob } from '../sms/jobs';
import type { Mailer } from '../mail/mailer';
import { defaultHabitChannels } from '@lifeboard/shared/models/habit';
import { wallDateOf } from '@lifeboard/shared/lib/time-zone';
import { ACTION_LINK_TTL_MS, type ActionPayload, type ActionSigner } from './action-links';
import { habitTimesBetween, occurrencesBetween, type ReminderTiming } from './schedule';

export const REMINDER_JOB = 'reminder-mail';
export const HABIT_REMINDER_JOB = 'habit-reminder-mail';
/** A scan looks this far back, so reminders due while no process ran are still sent (late) after a restart. */
export const SCAN_LOOKBACK_MS = 60 * 60 * 1000;
/** ... and this far ahead: each occurrence is queued to start at its own time, so it goes out within seconds of it. */
export const SCAN_LOOKAHEAD_MS = 70 * 1000;
export const SNOOZE_MS = 10 * 60 * 1000;
export const MAX_SNOOZES = 6;

/** The channels this process delivers: text messages only when an SMS provider is set up (SMS_* settings). */
export function deliveredChannels(deps: { sms: SmsConfig | null }): string[] {
  return deps.sms ? ['email', 'bell', 'push', 'sms'] : ['email', 'bell', 'push'];
}

/** A habit's channels: its own choice, else what every habit had before there was one. */
export function habitChannels(data: { reminder_channels?: unknown }): string[] {
  return Array.isArray(data.reminder_channels) ? data.reminder_channels.map(String) : [...defaultHabitChannels];
}

/** SQL naming the delivered channels, for `?|` (jsonb has any of them): fixed words, never user input. */
const deliveredArray = (deps: { sms: SmsConfig | null }) =>
  sql.raw(
    `array[${deliveredChannels(deps)
      .map((channel) => `'${channel}'`)
      .join(', ')}]`,
  );

/**
 * A text holds the "Done" link only while the whole text fits in three SMS parts (153 characters each); a long
 * title leaves the link out rather than send a text of many parts.
 */
export const SMS_MAX_LENGTH = 3 * 153;

/** The text of a reminder: its title and time, and its "Done" link when it fits (see SMS_MAX_LENGTH). */
export function reminderText(title: string, when: string, done: { label: string; url: string }): string {
  const text = `Lifeboard reminder: ${title} (${when})`;
  const withLink = `${text}\n${done.label}: ${done.url}`;
  return withLink.length <= SMS_MAX_LENGTH ? withLink : text;
}

export interface ReminderJob {
  reminderId: number;
  occursAt: string;
  snoozes?: number;
}
export interface HabitReminderJob {
  habitId: number;
  occursAt: string;
  snoozes?: number;
}

export interface ReminderDeps {
  db: Db;
  env: Env;
  mailer: Mailer;
  queue: JobQueue;
  signer: ActionSigner;
  /** Web push's VAPID settings; null when push is not set up (the push channel then sends nothing). */
  push: PushConfig | null;
  /** The SMS provider; null when SMS is not set up (the channel is then refused, and nothing is texted). */
  sms: SmsConfig | null;
}

/**
 * The job id of one occurrence (or one snooze of it): a UUID made from its key, so however many processes scan,
 * the queue keeps one job for it (a second insert with the same id is dropped).
 */
export function occurrenceJobId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const reminderKey = (id: number, at: number, snoozes = 0) =>
  `reminder:${id}:${at}${snoozes ? `:snooze${snoozes}` : ''}`;
const habitKey = (id: number, at: number, snoozes = 0) => `habit:${id}:${at}${snoozes ? `:snooze${snoozes}` : ''}`;

function whenText(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}

/** Queues the occurrence's push to each of the user's devices (one job per device, its id made from the key). */
async function pushToDevices(
  deps: ReminderDeps,
  userId: number,
  key: string,
  tag: string,
  path: string,
  content: { title: string; body: string },
  links: ReturnType<typeof actionLinks>,
) {
  if (!deps.push) return;
  const message: PushMessage = {
    ...content,
    tag,
    url: `${deps.env.APP_URL.replace(/\/+$/, '')}${path}`,
    actions: [
      { action: 'done', title: links.done.label, url: links.done.url },
      ...(links.snooze ? [{ action: 'snooze' as const, title: links.snooze.label, url: links.snooze.url }] : []),
    ],
  };
  await queuePushes(deps, userId, message, (subscriptionId) => occurrenceJobId(`${key}:push:${subscriptionId}`));
}

function actionLinks(deps: ReminderDeps, base: Omit<ActionPayload, 'action' | 'exp'>) {
  const exp = Date.now() + ACTION_LINK_TTL_MS;
  const url = (action: ActionPayload['action']) =>
    `${deps.env.PUBLIC_API_URL.replace(/\/+$/, '')}/api/reminder-action?t=${deps.signer.sign({ ...base, action, exp })}`;
  return {
    done: { label: 'Done', url: url('done') },
    snooze: base.snoozes < MAX_SNOOZES ? { label: 'Snooze 10 min', url: url('snooze') } : undefined,
  };
}

/** A reminder or habit with what its delivery needs of its owner: the address, the name and the time zone. */
async function withOwner(db: Db, model: 'reminder' | 'habit', id: number) {
  const t = modelTables[model];
  const [row] = await db
    .select({
      id: t.id,
      userId: t.userId,
      boardId: t.boardId,
      data: t.data,
      email: users.email,
      name: users.name,
      timezone: users.timezone,
    })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(eq(t.id, id))
    .limit(1);
  return row;
}

/** Whether the habit has a check-in on the occurrence's day (in the user's zone). */
async function habitDoneOn(db: Db, habitId: number, date: string): Promise<boolean> {
  const [row] = await db
    .select({ id: habitEntries.id })
    .from(habitEntries)
    .where(and(eq(habitEntries.habitId, habitId), eq(habitEntries.date, date)))
    .limit(1);
  return Boolean(row);
}

/** One occurrence of a reminder or a habit's reminder time, as its channels deliver it. */
interface Occurrence {
  action: Omit<ActionPayload, 'action' | 'exp'>;
  owner: { userId: number; email: string; name: string };
  channels: string[];
  key: (id: number, at: number, snoozes?: number) => string;
  /** The page a push opens. */
  path: string;
  title: string;
  /** The bell's and the push's line. */
  body: string;
  when: string;
  mail: { subject: string; line: string; why: string };
}

/** Delivers an occurrence by each of its channels: the bell, push, a text and an e-mail. */
async function sendOccurrence(deps: ReminderDeps, job: JobInfo, o: Occurrence): Promise<void> {
  const { action, owner, channels } = o;
  const key = o.key(action.id, action.at, action.snoozes);
  // The bell first: its insert is idempotent, so a retry after a failed mail adds no second entry.
  if (channels.includes('bell')) {
    await addNotification(deps.db, { userId: owner.userId, key, title: o.title, body: o.body, action });
  }
  const links = actionLinks(deps, action);
  if (channels.includes('push')) {
    const tag = o.key(action.id, action.at);
    await pushToDevices(deps, owner.userId, key, tag, o.path, { title: o.title, body: o.body }, links);
  }
  if (channels.includes('sms') && deps.sms) {
    // Its own job, its id made from the occurrence: a retry of this one (the mail failed) queues no second text.
    await deps.queue.send(
      SMS_JOB,
      { userId: owner.userId, body: reminderText(o.title, o.when, links.done) } satisfies SmsJob,
      { id: occurrenceJobId(`${key}:sms`) },
    );
  }
  if (!channels.includes('email')) return;
  await deps.mailer.send(
    composeMail({
      to: owner.email,
      subject: o.mail.subject,
      greeting: `Hello ${owner.name},`,
      lines: [o.mail.line],
      action: links.done,
      links: links.snooze ? [links.snooze] : [],
      footer: [`The links work for a day. ${o.mail.why}`],
      messageId: `<${key.replace(/:/g, '.')}@lifeboard>`,
    }),
  );
  // Accepted: complete the job now, so a crash from here on does not send it again (see queue.ts, JobInfo.done).
  await job.done();
}

export function defineReminderJobs(deps: ReminderDeps): void {
  const options = { retryLimit: 12, retryDelay: 5, retryBackoff: true, retryDelayMax: 1800 };
  deps.queue.define<ReminderJob>({
    name: REMINDER_JOB,
    options,
    handler: async ({ reminderId, occursAt, snoozes = 0 }, job) => {
      const reminder = await withOwner(deps.db, 'reminder', reminderId);
      if (!reminder) return; // deleted since
      const data = reminder.data as unknown as ReminderTiming & { title: string; channels?: string[] };
      const channels = data.channels ?? [];
      if (!channels.some((channel) => deliveredChannels(deps).includes(channel))) return;
      const at = new Date(occursAt);
      // Still an occurrence? An edited time or repeat drops the jobs queued for the old one.
      if (
        !snoozes &&
        occurrencesBetween(data, reminder.timezone, new Date(at.getTime() - 1000), new Date(at.getTime() + 1000))
          .length === 0
      )
        return;
      const when = `${whenText(at, reminder.timezone)}${snoozes ? ' (snoozed)' : ''}`;
      await sendOccurrence(deps, job, {
        action: { kind: 'r', id: reminderId, at: at.getTime(), snoozes },
        owner: reminder,
        channels,
        key: reminderKey,
        path: '/reminders',
        title: data.title,
        body: `Reminder for ${when}`,
        when,
        mail: {
          subject: `Reminder: ${data.title}`,
          line: `This is your reminder “${data.title}”, for ${when}.`,
          why: 'You get this because you chose e-mail for this reminder in Lifeboard.',
        },
      });
      await deps.db
        .update(modelTables.reminder)
        .set({
          data: sql`jsonb_set(${modelTables.reminder.data}, '{last_sent_at}', to_jsonb(${new Date().toISOString()}::text))`,
        })
        .where(eq(modelTables.reminder.id, reminderId));
    },
  });
  deps.queue.define<HabitReminderJob>({
    name: HABIT_REMINDER_JOB,
    options,
    handler: async ({ habitId, occursAt, snoozes = 0 }, job) => {
      const habit = await withOwner(deps.db, 'habit', habitId);
      if (!habit) return;
      const data = habit.data as { title: string; archived_at?: string | null; reminder_channels?: unknown };
      if (data.archived_at) return;
      const channels = habitChannels(data);
      if (!channels.some((channel) => deliveredChannels(deps).includes(channel))) return;
      const at = new Date(occursAt);
      // Already done today: no nudge.
      if (await habitDoneOn(deps.db, habitId, wallDateOf(at, habit.timezone))) return;
      const when = `${whenText(at, habit.timezone)}${snoozes ? ' (snoozed)' : ''}`;
      await sendOccurrence(deps, job, {
        action: { kind: 'h', id: habitId, at: at.getTime(), snoozes },
        owner: habit,
        channels,
        key: habitKey,
        path: '/habits',
        title: data.title,
        body: `Habit for ${when}`,
        when,
        mail: {
          subject: `Habit reminder: ${data.title}`,
          line: `Time for “${data.title}” (${whenText(at, habit.timezone)}). “Done” checks it off for today.`,
          why: 'You get this because you chose e-mail for this habit’s reminders in Lifeboard.',
        },
      });
    },
  });
}

/**
 * Queues every reminder occurrence (by any delivered channel) and habit reminder time in [now - lookback, now + lookahead), each to
 * start at its own time. Every process may run it; the occurrence's job id keeps it to one job.
 */
export async function scanReminders(
  deps: Pick<ReminderDeps, 'db' | 'queue' | 'sms'>,
  now = new Date(),
): Promise<number> {
  const from = new Date(now.getTime() - SCAN_LOOKBACK_MS);
  const to = new Date(now.getTime() + SCAN_LOOKAHEAD_MS);
  const t = modelTables.reminder;
  const reminders = await deps.db
    .select({ id: t.id, createdAt: t.createdAt, data: t.data, timezone: users.timezone })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(
      and(
        sql`${t.data}->'channels' ?| ${deliveredArray(deps)}`,
        sql`${t.data}->>'remind_at' is not null`,
        sql`(${t.data}->>'repeat' is not null or ((${t.data}->>'remind_at')::timestamptz >= ${from.toISOString()}::timestamptz and (${t.data}->>'remind_at')::timestamptz < ${to.toISOString()}::timestamptz))`,
      ),
    );
  const reminderJobs: { data: ReminderJob; id: string; startAfter: Date }[] = [];
  for (const reminder of reminders) {
    // Never a time that had passed when the reminder was made.
    const since = new Date(Math.max(from.getTime(), reminder.createdAt.getTime() - 60_000));
    for (const at of occurrencesBetween(reminder.data as unknown as ReminderTiming, reminder.timezone, since, to)) {
      reminderJobs.push({
        data: { reminderId: reminder.id, occursAt: at.toISOString() },
        id: occurrenceJobId(reminderKey(reminder.id, at.getTime())),
        startAfter: at,
      });
    }
  }
  let queued = await deps.queue.sendMany(REMINDER_JOB, reminderJobs);
  const h = modelTables.habit;
  const habits = await deps.db
    .select({ id: h.id, createdAt: h.createdAt, data: h.data, timezone: users.timezone })
    .from(h)
    .innerJoin(users, eq(users.id, h.userId))
    .where(
      and(
        sql`jsonb_array_length(coalesce(${h.data}->'reminder_times', '[]'::jsonb)) > 0`,
        sql`${h.data}->>'archived_at' is null`,
        // No channel of its own: the channels every habit had before it could choose.
        sql`coalesce(${h.data}->'reminder_channels', ${JSON.stringify(defaultHabitChannels)}::jsonb) ?| ${deliveredArray(deps)}`,
      ),
    );
  const habitJobs: { data: HabitReminderJob; id: string; startAfter: Date }[] = [];
  for (const habit of habits) {
    const data = habit.data as { reminder_times: string[]; weekdays?: number[] };
    const since = new Date(Math.max(from.getTime(), habit.createdAt.getTime() - 60_000));
    for (const at of habitTimesBetween(data.reminder_times, data.weekdays ?? [], habit.timezone, since, to)) {
      habitJobs.push({
        data: { habitId: habit.id, occursAt: at.toISOString() },
        id: occurrenceJobId(habitKey(habit.id, at.getTime())),
        startAfter: at,
      });
    }
  }
  queued += await deps.queue.sendMany(HABIT_REMINDER_JOB, habitJobs);
  return queued;
}

/** What a "Done" or "Snooze 10 min" link does, once its signature and expiry are checked. */
export async function performAction(deps: ReminderDeps, payload: ActionPayload): Promise<string> {
  const occurrence = new Date(payload.at);
  // Acted on from any channel: the bell no longer offers Done and Snooze for this occurrence.
  await markOccurrenceActed(deps.db, payload);
  if (payload.kind === 'h') {
    const habit = await withOwner(deps.db, 'habit', payload.id);
    if (!habit) return 'This habit no longer exists.';
    const title = (habit.data as { title: string }).title;
    if (payload.action === 'snooze')
      return snooze(
        deps,
        payload,
        HABIT_REMINDER_JOB,
        { habitId: payload.id, occursAt: occurrence.toISOString() },
        habitKey,
        title,
      );
    const date = wallDateOf(occurrence, habit.timezone);
    await deps.db
      .insert(habitEntries)
      .values({ userId: habit.userId, boardId: habit.boardId, habitId: habit.id, date, value: 'yes' })
      .onConflictDoNothing({ target: [habitEntries.habitId, habitEntries.date] });
    await cancelSnoozes(deps, HABIT_REMINDER_JOB, habitKey, payload);
    return `“${title}” is checked off for ${date}.`;
  }
  const reminder = await withOwner(deps.db, 'reminder', payload.id);
  if (!reminder) return 'This reminder no longer exists.';
  const title = (reminder.data as { title: string }).title;
  if (payload.action === 'snooze')
    return snooze(
      deps,
      payload,
      REMINDER_JOB,
      { reminderId: payload.id, occursAt: occurrence.toISOString() },
      reminderKey,
      title,
    );
  await cancelSnoozes(deps, REMINDER_JOB, reminderKey, payload);
  return `“${title}” is done. No more reminders for this time.`;
}

async function snooze(
  deps: ReminderDeps,
  payload: ActionPayload,
  kind: string,
  data: ReminderJob | HabitReminderJob,
  key: (id: number, at: number, snoozes?: number) => string,
  title: string,
): Promise<string> {
  const snoozes = payload.snoozes + 1;
  if (snoozes > MAX_SNOOZES) return `“${title}” was snoozed ${MAX_SNOOZES} times already.`;
  // One snooze per link, however often it is clicked.
  await deps.queue.send(
    kind,
    { ...data, snoozes },
    { id: occurrenceJobId(key(payload.id, payload.at, snoozes)), startAfter: new Date(Date.now() + SNOOZE_MS) },
  );
  return `“${title}” is snoozed: you get it again in 10 minutes.`;
}

async function cancelSnoozes(
  deps: ReminderDeps,
  kind: string,
  key: (id: number, at: number, snoozes?: number) => string,
  payload: ActionPayload,
): Promise<void> {
  const ids = Array.from({ length: MAX_SNOOZES }, (_, index) =>
    occurrenceJobId(key(payload.id, payload.at, index + 1)),
  );
  const boss = await deps.queue.boss();
  await boss.cancel(kind, ids).catch(() => undefined);
}
