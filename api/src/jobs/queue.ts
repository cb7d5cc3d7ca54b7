import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type ConstructorOptions, type QueueOptions } from 'pg-boss';

/** What a job handler learns about its job besides the data. */
export interface JobInfo {
  id: string;
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface JobKind<T = unknown> {
  name: string;
  /** Retries, backoff, expiry and retention of this kind's jobs. */
  options: QueueOptions;
  handler: JobHandler<T>;
}

export interface SendJobOptions {
  /** A UUID; a second job with the same id is dropped, which is how one occurrence is sent once. */
  id?: string;
  startAfter?: Date;
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

/** Retries back off from a few seconds to at most 10 minutes; failed jobs are kept 14 days, so they stay visible. */
export const defaultJobOptions: QueueOptions = {
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 600,
  expireInSeconds: 300,
  deleteAfterSeconds: 7 * 24 * 3600,
};

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

  constructor(
    private readonly connection: ConstructorOptions,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
    private readonly pollingIntervalSeconds = 2,
  ) {}

  define<T>(kind: JobKind<T>): void {
    if (this.working) throw new Error(`job kind ${kind.name} defined after the queue started`);
    this.kinds.set(kind.name, kind as unknown as JobKind<never>);
  }

  /** The started pg-boss instance, with a queue for every defined kind. */
  boss(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    this.booting ??= (async () => {
      const boss = new PgBoss({ ...this.connection, schedule: false });
      boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
      await boss.start();
      for (const kind of this.kinds.values()) await boss.createQueue(kind.name, { ...defaultJobOptions, ...kind.options });
      return boss;
    })();
    return this.booting;
  }

  /** Queues a job; resolves to its id, or null when a job with the same id already exists. */
  async send<T extends object>(name: string, data: T, options: SendJobOptions = {}): Promise<string | null> {
    if (!this.kinds.has(name)) throw new Error(`unknown job kind ${name}`);
    const boss = await this.boss();
    return boss.send(name, data, { ...(options.id ? { id: options.id } : {}), ...(options.startAfter ? { startAfter: options.startAfter } : {}) });
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
      const options = { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: 10, burstWhenBatchFull: true, perJobResults: true } as const;
      await boss.work<never>(kind.name, options, async (jobs) => Promise.all(jobs.map(async (job) => {
        try {
          await kind.handler(job.data, { id: job.id, retryCount: job.retryCount });
          return { id: job.id, status: 'completed' as const };
        } catch (error) {
          this.log.warn({ err: error, job: job.id, kind: kind.name, retry: job.retryCount }, 'job failed; it will be retried');
          return { id: job.id, status: 'failed' as const, output: { message: error instanceof Error ? error.message : String(error) } };
        }
      })));
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
    const result = await boss.getDb().executeSql(
      `delete from "${schema}".job where position(lower($1) in lower(data::text)) > 0 returning id`, [text],
    );
    return result.rows.length;
  }

  /** The queue's state for `/api/health/ready` and the admin: reachable, and the jobs of each kind. */
  async health(): Promise<QueueHealth> {
    const kinds: Record<string, QueueCounts> = {};
    try {
      const boss = await this.boss();
      for (const name of this.kinds.keys()) {
        const queue = await boss.getQueue(name);
        kinds[name] = { queued: queue?.queuedCount ?? 0, active: queue?.activeCount ?? 0, failed: queue?.failedCount ?? 0, total: queue?.totalCount ?? 0 };
      }
      return { ok: true, working: this.working, kinds };
    } catch (error) {
      return { ok: false, working: this.working, error: error instanceof Error ? error.message : String(error), kinds };
    }
  }
}
