import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { errorsOf } from '../../openapi';

/** What the admin calls each kind of job. */
const kindLabels: Record<string, string> = {
  mail: 'E-mails (account mail, invitations)',
  'password-reset': 'Password reset requests',
  'reminder-mail': 'Reminders',
  'habit-reminder-mail': 'Habit reminders',
  push: 'Push notifications',
  sms: 'Text messages',
  'daily-email': 'Daily e-mails',
  'calendar-connection-sync': 'Calendar syncs (connected calendars)',
  // The calendar syncs' queue before it ran one sync per connection at a time: its failed jobs may still be listed.
  'calendar-sync': 'Calendar syncs (connected calendars)',
  payouts: 'Creator payouts',
};

const labelOf = (kind: string) => kindLabels[kind] ?? kind;

/** One line about a job's data, for a person: never the whole payload (a mail's body, a push's links). */
function describeJob(kind: string, data: unknown): string {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '?');
  switch (kind) {
    case 'mail':
      return `“${text(d.subject)}” to ${text(d.to)}`;
    case 'password-reset':
      return `A reset link for ${text(d.email)}`;
    case 'reminder-mail':
      return `Reminder #${text(d.reminderId)} due ${text(d.occursAt)}${d.snoozes ? ' (snoozed)' : ''}`;
    case 'habit-reminder-mail':
      return `Habit #${text(d.habitId)} due ${text(d.occursAt)}${d.snoozes ? ' (snoozed)' : ''}`;
    case 'push':
      return `“${text((d.message as Record<string, unknown> | undefined)?.title)}” to device #${text(d.subscriptionId)}`;
    case 'sms':
      return `A text to account #${text(d.userId)}: “${text(d.body).split('\n')[0].slice(0, 80)}”`;
    case 'daily-email':
      return `The daily e-mail of account #${text(d.userId)} for ${text(d.date)}`;
    default:
      return JSON.stringify(data).slice(0, 200);
  }
}

const kindView = z.object({
  name: z.string(),
  label: z.string(),
  waiting: z.number().int(),
  waiting_capped: z.boolean().describe('more than 1,000 wait: the waiting numbers count the 1,000 oldest'),
  scheduled: z.number().int(),
  active: z.number().int(),
  retrying: z.number().int(),
  failed: z.number().int(),
});
const failedView = z.object({
  id: z.string(),
  kind: z.string(),
  label: z.string(),
  summary: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  failed_at: z.string().describe('ISO instant its last attempt failed'),
  queued_at: z.string().nullable(),
});
const jobId = z.object({ id: z.string().uuid() }).strict();

/** The admin's view of the job queue: counts per kind, and the failed jobs to retry or discard (pg-boss's own calls). */
export async function queueAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.requireAdmin };

  api.get(
    '/api/admin/queue',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The job queue: waiting, scheduled, active, retrying and failed jobs per kind, and the jobs whose retries were used up (200 oldest)',
        response: {
          200: z.object({ success: z.literal(true), kinds: z.array(kindView), failed: z.array(failedView) }),
        },
      },
      ...guard,
    },
    async () => {
      const [kinds, failed] = await Promise.all([app.queue.kindCounts(), app.queue.failedJobs()]);
      return {
        success: true as const,
        kinds: kinds.map(({ waitingCapped, ...kind }) => ({
          ...kind,
          waiting_capped: waitingCapped,
          label: labelOf(kind.name),
        })),
        failed: failed.map((job) => ({
          id: job.id,
          kind: job.kind,
          label: labelOf(job.kind),
          summary: describeJob(job.kind, job.data),
          error: job.error,
          attempts: job.attempts,
          failed_at: job.failedOn.toISOString(),
          queued_at: job.queuedOn?.toISOString() ?? null,
        })),
      };
    },
  );

  api.post(
    '/api/admin/queue/retry',
    {
      schema: {
        tags: ['admin'],
        summary: "Works a failed job again (it goes back to its kind's queue). Unknown: 404",
        body: jobId,
        response: { 200: z.object({ success: z.literal(true) }), ...errorsOf(404) },
      },
      ...guard,
    },
    async (request) => {
      if (!(await app.queue.retryFailed(request.body.id))) throw notFound('No such failed job.');
      return { success: true as const };
    },
  );

  api.post(
    '/api/admin/queue/discard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Drops a failed job for good. Unknown: 404',
        body: jobId,
        response: { 200: z.object({ success: z.literal(true) }), ...errorsOf(404) },
      },
      ...guard,
    },
    async (request) => {
      if (!(await app.queue.discardFailed(request.body.id))) throw notFound('No such failed job.');
      return { success: true as const };
    },
  );
}
