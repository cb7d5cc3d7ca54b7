/**
 * The job thread's entry (jobs/thread.ts): the same app as the HTTP side, built without listening, on its own
 * PostgreSQL connections, working the queue and running the scans until the main thread says stop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import type { Env } from './env';
import type { FromJobThread, ToJobThread } from './jobs/thread';

if (!parentPort) throw new Error('job-worker.ts runs as a worker thread of server.ts');
const port = parentPort;
const { env } = workerData as { env: Env };
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
const app = await buildApp({ db: database.db, env, logger: true });
await app.ready();
port.on('message', (message: ToJobThread) => {
  if (message.kind !== 'stop') return;
  void (async () => {
    await app.close();
    await database.close();
    port.close();
  })();
});
await app.startWork();
port.postMessage({ kind: 'working' } satisfies FromJobThread);
