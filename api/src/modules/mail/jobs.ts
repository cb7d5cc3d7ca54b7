import type { JobQueue } from '../../jobs/queue';
import type { Mailer, MailMessage } from './mailer';

export const MAIL_JOB = 'mail';

/** Sends queued messages; an SMTP failure throws, so the job is retried with backoff and nothing is lost. */
export function defineMailJob(queue: JobQueue, mailer: Mailer): void {
  queue.define<MailMessage>({
    name: MAIL_JOB,
    // A day of retries: 12 attempts backing off from 5 s to 2 h.
    options: { retryLimit: 12, retryDelay: 5, retryBackoff: true, retryDelayMax: 7200, deleteAfterSeconds: 24 * 3600 },
    handler: async (message, job) => {
      await mailer.send(message);
      await job.done();
    },
  });
}

/** Queues a message; the caller's request does not wait for SMTP. */
export async function queueMail(queue: JobQueue, message: MailMessage, options: { id?: string } = {}): Promise<void> {
  await queue.send(MAIL_JOB, message, options);
}
