import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type ConstructorOptions, type QueueOptions } from 'pg-boss';

/** What a job handler learns about its job besides the data. */
export interface JobInfo {
  id: string;
  retryCount: number;
  /**
   * Completes the job in the database at once, before the handler returns: called right after an effect that
   * must not happen twice (an SMTP server accepted the mail). A crash after it no longer runs the job again; the
   * rest of the handler is then best effort. Without it the job completes when its whole batch has settled, so a
   * crash while a slower job of the batch was still sending ran every job of the batch again.
   */
  done(): Promise<void>;
}

/**
 * Thrown by a handler when trying again cannot help (an SMS provider refused the number): the job skips its
 * remaining retries and goes straight to the failed jobs, where the admin sees why.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface JobKind<T = unknown> {
  name: string;
  /** Retries, backoff, expiry and retention of this kind's jobs. */
  options: QueueOptions;
  /**
   * `oneAtATimePerKey`: jobs sent with the same `key` run one at a time in every process together, and one more
   * waits at most (a second one queued meanwhile is dropped: the waiting one does the same work). Fixed when the
   * kind's queue is first made (pg-boss's `stately` policy).
   */
  policy?: 'oneAtATimePerKey';
  handler: JobHandler<T>;
}

export interface SendJobOptions {
  /** A UUID; a second job with the same id is dropped, which is how one occurrence is sent once. */
  id?: string;
  startAfter?: Date;
  /** What a kind with `oneAtATimePerKey` runs one at a time (a connection's id, say). */
  key?: string;
}

export interface QueueCounts {
  queued: number;
  active: number;
  failed: number;
  total: number;
}

export interface QueueHealth {
  ok: boolean;
  /** Whether this process is working the queue (false in tools and tests that only send). */
  working: boolean;
  error?: string;
  kinds: Record<string, QueueCounts>;
}

/**
 * Where every kind's jobs go once their retries are used up (pg-boss's dead letter queue): no worker takes them,
 * so they stay visible to the admin, who retries (redrives) or discards them. Kept 30 days.
 */
export const FAILED_JOBS_QUEUE = 'failed-jobs';

/** One kind's jobs for the admin: waiting (due now or later), running, waiting to retry after a failure, failed. */
export interface KindCounts {
  name: string;
  waiting: number;
  /** Of the waiting ones, how many are scheduled for later (a reminder's time, a retry's backoff). */
  scheduled: number;
  active: number;
  /** Failed at least once and waiting for their next attempt. */
  retrying: number;
  /** Retries used up: in the failed-jobs queue, waiting for the admin. */
  failed: number;
  /** More than 1,000 are waiting: the waiting numbers count the 1,000 oldest. */
  waitingCapped: boolean;
}

const WAITING_SAMPLE = 1000;

/** A job whose retries were all used up, as the admin sees it. */
export interface FailedJob {
  id: string;
  kind: string;
  data: unknown;
  /** What the last attempt threw. */
  error: string | null;
  attempts: number;
  failedOn: Date;
  queuedOn: Date | null;
}

/**
 * Retries back off from a few seconds to at most 10 minutes; failed jobs are kept 14 days, so they stay visible.
 * A running job's worker stamps it every 5 s (heartbeat): a job whose process died (kill -9, a lost machine) is
 * failed and retried once its stamp is 10 s old, found by the supervisor every `SUPERVISE_SECONDS`, instead of
 * waiting out `expireInSeconds`.
 */
export const defaultJobOptions: QueueOptions = {
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 600,
  expireInSeconds: 300,
  heartbeatSeconds: 10,
  deleteAfterSeconds: 7 * 24 * 3600,
};

/** How long a queued job's id is remembered after it starts: past the reminder scans' look-back (an hour). */
const rememberQueuedIdsMs = 2 * 3600_000;

/** How often pg-boss's supervisor looks for jobs whose worker died (pg-boss's default is a minute). */
export const SUPERVISE_SECONDS = 10;

/**
 * The durable job queue (pg-boss) in the API's own database: PGlite through `fromPglite`, PostgreSQL through
 * its own `pg` pool. It starts on first use, so code that only sends (tests, the admin CLI) never runs workers;
 * `start()` also works the jobs of every defined kind.
 */
export class JobQueue {
  private readonly kinds = new Map<string, JobKind<never>>();
  private booting?: Promise<PgBoss>;
  private working = false;
  private stopped = false;
  /** Ids this process queued through sendMany, with when each may be forgotten. */
  private readonly queuedIds = new Map<string, number>();

  constructor(
    private readonly connection: ConstructorOptions,
    /** Also the log of the jobs' handlers. */
    readonly log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
    private readonly pollingIntervalSeconds = 2,
  ) {}

  define<T>(kind: JobKind<T>): void {
    if (this.working) throw new Error(`job kind ${kind.name} defined after the queue started`);
    this.kinds.set(kind.name, kind);
  }

  /** The started pg-boss instance, with a queue for every defined kind. */
  boss(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    this.booting ??= (async () => {
      const boss = new PgBoss({ ...this.connection, schedule: false, superviseIntervalSeconds: SUPERVISE_SECONDS });
      boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
      await boss.start();
      await boss.createQueue(FAILED_JOBS_QUEUE, {
        retentionSeconds: 30 * 24 * 3600,
        deleteAfterSeconds: 30 * 24 * 3600,
      });
      for (const kind of this.kinds.values()) {
        const options = { ...defaultJobOptions, ...kind.options, deadLetter: FAILED_JOBS_QUEUE };
        await boss.createQueue(kind.name, { ...options, ...(kind.policy ? { policy: 'stately' } : {}) });
        // A queue made before its options changed (or before the dead letter queue existed) takes the new ones.
        await boss.updateQueue(kind.name, options);
      }
      return boss;
    })();
    return this.booting;
  }

  /** Queues a job; resolves to its id, or null when a job with the same id already exists. */
  async send<T extends object>(name: string, data: T, options: SendJobOptions = {}): Promise<string | null> {
    if (!this.kinds.has(name)) throw new Error(`unknown job kind ${name}`);
    const boss = await this.boss();
    return boss.send(name, data, {
      ...(options.id ? { id: options.id } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.key ? { singletonKey: options.key } : {}),
    });
  }

  /**
   * Queues many jobs of one kind in a few statements (500 a statement); a job whose id exists already is dropped.
   * Answers how many were new. A scan that finds 10,000 reminders due makes 20 statements, not 10,000.
   * Ids this process queued before are not sent again: the reminder scans see each occurrence every 20 s for an
   * hour, and re-inserting 10,000 jobs only for the database to drop them was most of a scan's work.
   */
  async sendMany<T extends object>(name: string, jobs: { data: T; id: string; startAfter?: Date }[]): Promise<number> {
    if (!this.kinds.has(name)) throw new Error(`unknown job kind ${name}`);
    const now = Date.now();
    for (const [id, forgetAt] of this.queuedIds) if (forgetAt < now) this.queuedIds.delete(id);
    const fresh = jobs.filter((job) => !this.queuedIds.has(job.id));
    if (!fresh.length) return 0;
    const boss = await this.boss();
    let queued = 0;
    for (let start = 0; start < fresh.length; start += 500) {
      const slice = fresh.slice(start, start + 500);
      const chunk = slice.map((job) => ({
        id: job.id,
        data: job.data,
        ...(job.startAfter ? { startAfter: job.startAfter } : {}),
      }));
      queued += (await boss.insert(name, chunk, { returnId: true }))?.length ?? 0;
      for (const job of slice)
        this.queuedIds.set(job.id, Math.max(now, job.startAfter?.getTime() ?? now) + rememberQueuedIdsMs);
    }
    return queued;
  }

  /**
   * Starts the workers of every kind: each fetches up to 10 jobs at a time and works them together, settling
   * each on its own (one failure retries only that job); while fetches come back full it fetches again at once.
   */
  async start(): Promise<void> {
    if (this.working) return;
    const boss = await this.boss();
    this.working = true;
    for (const kind of this.kinds.values()) {
      const options = {
        pollingIntervalSeconds: this.pollingIntervalSeconds,
        batchSize: 10,
        burstWhenBatchFull: true,
        perJobResults: true,
      } as const;
      await boss.work<never>(kind.name, options, async (jobs) =>
        Promise.all(
          jobs.map(async (job) => {
            try {
              const done = async () => {
                await boss.complete(kind.name, { id: job.id, retryCount: job.retryCount });
              };
              await kind.handler(job.data, { id: job.id, retryCount: job.retryCount, done });
              return { id: job.id, status: 'completed' as const };
            } catch (error) {
              const output = { message: error instanceof Error ? error.message : String(error) };
              if (error instanceof PermanentJobError) {
                this.log.warn(
                  { err: error, job: job.id, kind: kind.name },
                  'job failed for good; it is kept with the failed jobs',
                );
                return { id: job.id, status: 'deadletter' as const, output };
              }
              this.log.warn(
                { err: error, job: job.id, kind: kind.name, retry: job.retryCount },
                'job failed; it will be retried',
              );
              return { id: job.id, status: 'failed' as const, output };
            }
          }),
        ),
      );
    }
  }

  /** Waits for the jobs in hand (up to 10 s), then stops polling and maintenance. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (!this.booting) return;
    const boss = await this.booting.catch(() => undefined);
    this.working = false;
    if (boss) await boss.stop({ graceful: true, timeout: 10_000 });
  }

  /**
   * Removes every job, queued or done, whose data mentions `text` (case-insensitive): a deleted account's
   * address goes with the mail and reset requests kept for it. Answers how many were removed.
   */
  async deleteJobsMentioning(text: string): Promise<number> {
    const boss = await this.boss();
    const schema = (this.connection.schema ?? 'pgboss').replace(/"/g, '""');
    const result = await boss
      .getDb()
      .executeSql(`delete from "${schema}".job where position(lower($1) in lower(data::text)) > 0 returning id`, [
        text,
      ]);
    return result.rows.length;
  }

  /**
   * Every kind's counts, for the admin's queue view. Waiting, scheduled and retrying are read live from the
   * 1,000 oldest waiting jobs (`waitingCapped` when there are more); failed is the kind's jobs in the failed-jobs
   * queue; active is pg-boss's own count, refreshed by its monitor every few seconds.
   */
  async kindCounts(): Promise<KindCounts[]> {
    const boss = await this.boss();
    const names = [...this.kinds.keys()];
    const queues = new Map((await boss.getQueues(names)).map((queue) => [queue.name, queue]));
    const failed = new Map<string, number>();
    for (const job of await this.failedJobs(WAITING_SAMPLE)) failed.set(job.kind, (failed.get(job.kind) ?? 0) + 1);
    const now = Date.now();
    return Promise.all(
      names.map(async (name) => {
        const waiting = await boss.findJobs(name, { queued: true, limit: WAITING_SAMPLE });
        return {
          name,
          waiting: waiting.length,
          waitingCapped: waiting.length === WAITING_SAMPLE,
          scheduled: waiting.filter((job) => job.startAfter.getTime() > now).length,
          active: queues.get(name)?.activeCount ?? 0,
          retrying: waiting.filter((job) => job.state === 'retry').length,
          failed: failed.get(name) ?? 0,
        };
      }),
    );
  }

  /** The jobs whose retries were used up, oldest first (at most `limit`). */
  async failedJobs(limit = 200): Promise<FailedJob[]> {
    const boss = await this.boss();
    const jobs = await boss.findJobs(FAILED_JOBS_QUEUE, { queued: true, limit });
    return jobs.map((job) => {
      const output = job.sourceOutput as { message?: unknown } | null;
      return {
        id: job.id,
        kind: job.sourceName ?? 'unknown',
        data: job.data,
        error: output && typeof output.message === 'string' ? output.message : null,
        attempts: (job.sourceRetryCount ?? 0) + 1,
        failedOn: job.createdOn,
        queuedOn: job.sourceCreatedOn ?? null,
      };
    });
  }

  /** Sends a failed job back to its kind's queue to be worked again; false when there is no such failed job. */
  async retryFailed(id: string): Promise<boolean> {
    const boss = await this.boss();
    const [job] = await boss.findJobs(FAILED_JOBS_QUEUE, { id, queued: true, limit: 1 });
    if (!job) return false;
    return (await boss.redrive(FAILED_JOBS_QUEUE, { ids: [id] })) === 1;
  }

  /** Drops a failed job for good; false when there is no such failed job. */
  async discardFailed(id: string): Promise<boolean> {
    const boss = await this.boss();
    const [job] = await boss.findJobs(FAILED_JOBS_QUEUE, { id, queued: true, limit: 1 });
    if (!job) return false;
    await boss.deleteJob(FAILED_JOBS_QUEUE, id);
    return true;
  }

  /** The queue's state for `/api/health/ready` and the admin: reachable, and the jobs of each kind. */
  async health(): Promise<QueueHealth> {
    const kinds: Record<string, QueueCounts> = {};
    try {
      const boss = await this.boss();
      for (const name of this.kinds.keys()) {
        const queue = await boss.getQueue(name);
        kinds[name] = {
          queued: queue?.queuedCount ?? 0,
          active: queue?.activeCount ?? 0,
          failed: queue?.failedCount ?? 0,
          total: queue?.totalCount ?? 0,
        };
      }
      return { ok: true, working: this.working, kinds };
    } catch (error) {
      return { ok: false, working: this.working, error: error instanceof Error ? error.message : String(error), kinds };
    }
  }
}
