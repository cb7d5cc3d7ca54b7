import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, testQueueSchema } from '../../test/helpers';
import { queueConnectionOf } from '../db/client';
import { JobQueue, type JobKind } from './queue';

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
const queues: JobQueue[] = [];

/** A queue with one kind, named per test so tests sharing a database never work each other's jobs. */
async function queueWith<T>(kind: Omit<JobKind<T>, 'name'>, name: string): Promise<JobQueue> {
  const queue = new JobQueue({ ...queueConnectionOf((await testDatabase()).db), ...testQueueSchema() }, quiet, 0.5);
  queue.define<T>({ name, ...kind });
  queues.push(queue);
  return queue;
}

const unique = (prefix: string) => `${prefix}_${randomUUID().slice(0, 8)}`;

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  // The database and pg-boss's schema in it are made once, before the timed tests.
  const warm = new JobQueue({ ...queueConnectionOf((await testDatabase()).db), ...testQueueSchema() }, quiet, 0.5);
  await warm.boss();
  await warm.stop();
}, 120_000);

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});

describe('the job queue', () => {
  it('queues many at once, never sends an id again, and drops one another process queued', async () => {
    const name = unique('many');
    const queue = await queueWith<{ n: number }>({ options: {}, handler: async () => undefined }, name);
    const jobs = Array.from({ length: 3 }, (_, n) => ({ id: randomUUID(), data: { n } }));
    expect(await queue.sendMany(name, jobs)).toBe(3);
    // The same scan again asks nothing of the database: the queue would only drop them.
    const boss = await queue.boss();
    const insert = boss.insert.bind(boss);
    let inserted = 0;
    boss.insert = async (...args: Parameters<typeof insert>) => {
      inserted += args[1].length;
      return insert(...args);
    };
    expect(await queue.sendMany(name, jobs)).toBe(0);
    expect(inserted).toBe(0);
    // Another process knows nothing of them: the database drops the ids it holds, and queues the new one.
    const other = await queueWith<{ n: number }>({ options: {}, handler: async () => undefined }, name);
    const added = { id: randomUUID(), data: { n: 3 } };
    expect(await other.sendMany(name, [...jobs, added])).toBe(1);
    expect(inserted).toBe(0);
  }, 60_000);

  it('works a queued job, and drops a second job with the same id', async () => {
    const name = unique('echo');
    const seen: number[] = [];
    const queue = await queueWith<{ n: number }>(
      {
        options: {},
        handler: async ({ n }) => {
          seen.push(n);
        },
      },
      name,
    );
    const id = randomUUID();
    expect(await queue.send(name, { n: 1 }, { id })).toBe(id);
    expect(await queue.send(name, { n: 2 }, { id })).toBeNull();
    await queue.start();
    await until(() => seen.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(seen).toEqual([1]);
  }, 60_000);

  it('runs the jobs of one key one at a time in every process together, keeps one more waiting, and runs other keys beside them', async () => {
    const name = unique('keyed');
    const log: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const handler = async ({ job }: { job: string }) => {
      log.push(`${job} starts`);
      if (job === 'a1') await held;
      log.push(`${job} ends`);
    };
    const kind = { options: {}, policy: 'oneAtATimePerKey' as const, handler };
    const one = await queueWith<{ job: string }>(kind, name);
    const two = await queueWith<{ job: string }>(kind, name);
    await one.start();
    await two.start();
    expect(await one.send(name, { job: 'a1' }, { key: 'a' })).not.toBeNull();
    await until(() => log.includes('a1 starts'));
    expect(await two.send(name, { job: 'a2' }, { key: 'a' })).not.toBeNull();
    // A third while one waits is dropped: the waiting one will do the same work.
    expect(await one.send(name, { job: 'a3' }, { key: 'a' })).toBeNull();
    expect(await two.send(name, { job: 'b1' }, { key: 'b' })).not.toBeNull();
    await until(() => log.includes('b1 ends'));
    // Both processes poll twice a second: a2 would have started by now if it could.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(log).not.toContain('a2 starts');
    release();
    await until(() => log.includes('a2 ends'));
    expect(log.indexOf('a2 starts')).toBeGreaterThan(log.indexOf('a1 ends'));
    expect(log).not.toContain('a3 starts');
  }, 60_000);

  it('keeps a job sent before a restart and works it after', async () => {
    const name = unique('durable');
    const before = await queueWith<{ n: number }>(
      {
        options: {},
        handler: async () => {
          throw new Error('this process never works');
        },
      },
      name,
    );
    await before.send(name, { n: 7 });
    await before.stop();
    const seen: number[] = [];
    const after = await queueWith<{ n: number }>(
      {
        options: {},
        handler: async ({ n }) => {
          seen.push(n);
        },
      },
      name,
    );
    await after.start();
    await until(() => seen.length === 1);
    expect(seen).toEqual([7]);
  }, 60_000);

  it('retries a failing job with growing delays, then completes it', async () => {
    const name = unique('flaky');
    const attempts: { at: number; retry: number }[] = [];
    const queue = await queueWith<object>(
      {
        options: { retryLimit: 3, retryDelay: 1, retryBackoff: true },
        handler: async (_data, job) => {
          attempts.push({ at: Date.now(), retry: job.retryCount });
          if (attempts.length < 3) throw new Error('SMTP is down');
        },
      },
      name,
    );
    const id = await queue.send(name, {});
    await queue.start();
    await until(async () => (await (await queue.boss()).getJobById(name, id ?? ''))?.state === 'completed', 30_000);
    expect(attempts.map((attempt) => attempt.retry)).toEqual([0, 1, 2]);
    // Backoff: each wait at least the base delay (1 s), the second about twice the first.
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(900);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(900);
  }, 60_000);

  it('keeps a job that failed every retry visible as failed', async () => {
    const name = unique('broken');
    const queue = await queueWith<object>(
      {
        options: { retryLimit: 1, retryDelay: 1 },
        handler: async () => {
          throw new Error('always');
        },
      },
      name,
    );
    const id = await queue.send(name, {});
    await queue.start();
    const boss = await queue.boss();
    await until(async () => (await boss.getJobById(name, id ?? ''))?.state === 'failed', 30_000);
    const job = await boss.getJobById(name, id ?? '');
    expect(job?.retryCount).toBe(1);
    expect(JSON.stringify(job?.output)).toContain('always');
    const health = await queue.health();
    expect(health).toMatchObject({ ok: true, working: true });
    expect(Object.keys(health.kinds)).toEqual([name]);
  }, 60_000);

  it('lists a job whose retries are used up for the admin, who can retry it or discard it', async () => {
    const name = unique('admin');
    let healthy = false;
    const worked: number[] = [];
    const queue = await queueWith<{ n: number }>(
      {
        options: { retryLimit: 1, retryDelay: 1 },
        handler: async ({ n }) => {
          if (!healthy) throw new Error(`the server refused ${n}`);
          worked.push(n);
        },
      },
      name,
    );
    await queue.send(name, { n: 1 });
    await queue.send(name, { n: 2 });
    await queue.start();
    const ours = async () => (await queue.failedJobs(1000)).filter((job) => job.kind === name);
    await until(async () => (await ours()).length === 2, 30_000);
    const failed = await ours();
    expect(failed.map((job) => [job.data, job.error, job.attempts])).toEqual(
      expect.arrayContaining([
        [{ n: 1 }, 'the server refused 1', 2],
        [{ n: 2 }, 'the server refused 2', 2],
      ]),
    );
    const counts = (await queue.kindCounts()).find((kind) => kind.name === name);
    expect(counts).toMatchObject({ waiting: 0, active: 0, failed: 2 });

    healthy = true;
    const one = failed.find((job) => (job.data as { n: number }).n === 1);
    const two = failed.find((job) => (job.data as { n: number }).n === 2);
    expect(await queue.retryFailed(one?.id ?? '')).toBe(true);
    expect(await queue.discardFailed(two?.id ?? '')).toBe(true);
    await until(() => worked.length === 1, 20_000);
    expect(worked).toEqual([1]);
    expect(await ours()).toEqual([]);
    // Gone: a second retry or discard finds nothing.
    expect(await queue.retryFailed(one?.id ?? '')).toBe(false);
    expect(await queue.discardFailed(two?.id ?? '')).toBe(false);
  }, 60_000);
});
