import type { FastifyInstance } from 'fastify';
import { queueConnectionOf } from '../db/client';
import { JobQueue } from '../jobs/queue';
import { definePasswordResetJob } from '../modules/auth/password-reset-job';
import { caldavDepsOf, defineCalendarSyncJob, providersSyncedBy, scanCalendarSyncs } from '../modules/calendar/caldav';
import { definePayoutJob, schedulePayouts } from '../modules/creator-ledger/payouts';
import { defineDailyEmailJob, scanDailyEmails } from '../modules/daily-email/jobs';
import { defineMailJob } from '../modules/mail/jobs';
import { defineWeeklyReflectionJob, scanWeeklyReflections } from '../modules/reflection/jobs';
import { definePushJob, readPushConfig } from '../modules/push/service';
import { ActionSigner } from '../modules/reminders/action-links';
import { defineReminderJobs, scanReminders } from '../modules/reminders/delivery';
import { readSmsConfig } from '../modules/sms/client';
import { defineSmsJob } from '../modules/sms/jobs';

/**
 * The background work: the queue (`app.queue`) with every kind of job defined before its first use, and the scan
 * that queues what comes due (reminders, daily e-mails, weekly reflections, calendar syncs, payouts) once `app.startWork()` runs, then
 * every REMINDER_SCAN_SECONDS. What the routes that act on that work need is `app.reminders`.
 */
export function registerJobs(app: FastifyInstance, queueSchema?: string): void {
  const { db, env, mailer, transfers } = app;
  const queue = new JobQueue(
    { ...queueConnectionOf(db), ...(queueSchema ? { schema: queueSchema } : {}) },
    app.log,
    env.QUEUE_POLL_SECONDS,
  );
  const push = readPushConfig(env);
  const sms = readSmsConfig(env);
  const reminders = { db, env, mailer, queue, signer: new ActionSigner(env.ACTION_LINK_SECRET), push, sms };
  defineMailJob(queue, mailer);
  definePasswordResetJob(queue, { db, env, mailer });
  definePushJob(queue, { db, config: push });
  defineSmsJob(queue, { db, config: sms });
  defineReminderJobs(reminders);
  defineDailyEmailJob(reminders);
  defineWeeklyReflectionJob(queue, app);
  defineCalendarSyncJob(queue, caldavDepsOf(db, env));
  definePayoutJob(queue, { db, transfers, log: app.log });
  app.decorate('queue', queue);
  app.decorate('reminders', reminders);
  app.decorate('sms', sms);
  app.decorate('scanReminders', (now?: Date) => scanReminders(reminders, now));
  app.decorate('scanDailyEmails', (now?: Date) => scanDailyEmails(reminders, now));

  let scanning = false;
  const scan = async () => {
    if (scanning) return;
    scanning = true;
    try {
      await scanReminders(reminders);
      await scanDailyEmails(reminders);
      await scanWeeklyReflections(reminders);
      await scanCalendarSyncs(db, queue, env.CALENDAR_REFRESH_MINUTES, providersSyncedBy(env));
      await schedulePayouts(queue);
    } catch (error) {
      app.log.error({ err: error }, 'reminder scan failed; the next one retries');
    } finally {
      scanning = false;
    }
  };
  let scanTimer: NodeJS.Timeout | undefined;
  app.decorate('startWork', async () => {
    await queue.start();
    await scan();
    scanTimer = setInterval(() => void scan(), env.REMINDER_SCAN_SECONDS * 1000);
  });
  app.addHook('onClose', async () => {
    clearInterval(scanTimer);
    await queue.stop();
    // After the queue: a mail job still running when it stops may yet send.
    mailer.close();
  });
}
