import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { PermanentJobError, type JobQueue } from '../../jobs/queue';
import { sendSms, SmsRefused, type SmsConfig } from './client';

export const SMS_JOB = 'sms';

/** One text to a user: the number is read when it is sent, so the queue never holds it and a changed number is used. */
export interface SmsJob {
  userId: number;
  body: string;
}

/**
 * Sends queued texts to the user's phone number, if they still have one and still want texts. A refusal (a 4xx:
 * an invalid number) fails the job for good, kept with the failed jobs; a provider that is down or unreachable
 * (5xx, 429, a timeout) is retried with backoff.
 */
export function defineSmsJob(queue: JobQueue, deps: { db: Db; config: SmsConfig | null }): void {
  queue.define<SmsJob>({
    name: SMS_JOB,
    // A reminder is only useful for a while: an hour of retries, backing off from 5 s to 10 min.
    options: { retryLimit: 8, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 },
    handler: async ({ userId, body }, job) => {
      if (!deps.config) return; // SMS was turned off since
      const [user] = await deps.db
        .select({ phone: users.phoneNumber, enabled: users.hasSmsEnabled })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user?.phone || !user.enabled) return; // the account is gone, has no number, or turned texts off since
      try {
        await sendSms(deps.config, { to: user.phone, body });
      } catch (error) {
        if (error instanceof SmsRefused) throw new PermanentJobError(error.message);
        throw error;
      }
      // Accepted: complete the job now, so a crash from here on does not send it again.
      await job.done();
    },
  });
}
