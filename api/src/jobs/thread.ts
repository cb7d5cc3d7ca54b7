import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';

/** Where the queue's jobs and scans run in this process (env.ts, JOB_WORKERS). */
export type JobPlace = 'inline' | 'thread' | 'off';

export function jobPlaceOf(env: Pick<Env, 'JOB_WORKERS'>, database: 'pglite' | 'postgres'): JobPlace {
  if (env.JOB_WORKERS === 'auto') return database === 'postgres' ? 'thread' : 'inline';
  if (env.JOB_WORKERS === 'thread' && database === 'pglite')
    throw new Error(
      'JOB_WORKERS=thread needs PostgreSQL (DATABASE_URL): the embedded database belongs to one thread. Use inline.',
    );
  return env.JOB_WORKERS;
}

/** What the main thread and the job thread say to each other. */
export type ToJobThread = { kind: 'stop' };
export type FromJobThread = { kind: 'working' };

export interface JobThread {
  /** Resolves once the thread works its first jobs (or fails to start). */
  readonly working: Promise<void>;
  stop(): Promise<void>;
}

const restartDelayMs = 5000;

/** A worker on `entry`; under tsx (development, tests) the thread registers tsx's loader first, which Node 20 doesn't do for a worker's entry. */
function workerOn(entry: URL, workerData: unknown): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData });
  const script = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(script, { eval: true, workerData });
}

/**
 * Runs the queue's workers and scans in a worker thread (`entry`, src/job-worker.ts), so building mail and
 * sending it never runs on the event loop that answers requests. A thread that dies is started again after a
 * pause; its jobs are in the database, and pg-boss hands an unfinished one out again once it expires.
 */
export function startJobThread(entry: URL, env: Env, log: FastifyBaseLogger): JobThread {
  let worker: Worker | null = null;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;
  let markWorking: () => void = () => {};
  const working = new Promise<void>((resolve) => {
    markWorking = resolve;
  });
  const spawn = () => {
    const thread = workerOn(entry, { env });
    worker = thread;
    thread.on('message', (message: FromJobThread) => {
      if (message.kind === 'working') markWorking();
    });
    thread.on('error', (error) => log.error({ err: error }, 'the job thread failed'));
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      if (stopping) return;
      log.error(`the job thread ended (exit code ${code}); starting it again in ${restartDelayMs / 1000} s`);
      markWorking();
      restart = setTimeout(spawn, restartDelayMs);
    });
  };
  spawn();
  return {
    working,
    async stop() {
      stopping = true;
      clearTimeout(restart);
      const thread = worker;
      if (!thread) return;
      const ended = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage({ kind: 'stop' } satisfies ToJobThread);
      // Jobs in flight get the queue's grace period (10 s, jobs/queue.ts); a thread that hangs past it is ended.
      const timer = setTimeout(() => void thread.terminate(), 15_000);
      await ended;
      clearTimeout(timer);
    },
  };
}
