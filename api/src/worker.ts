/**
 * The worker process of a deployment with several API processes (`node dist/worker.js`): the same app as
 * server.ts, built without answering requests, working the queue and running the scans (what `JOB_WORKERS`
 * puts in a thread of server.ts); the API processes then run with `JOB_WORKERS=off`. PostgreSQL only: the
 * embedded database belongs to one process. It answers only its probes, on HOST:PORT: `/api/health` (the
 * process lives) and `/api/health/ready` (its database and queue work), as the API does.
 */
import { createServer } from 'node:http';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { loadEnv, withProcessSecrets } from './env';
import { readinessChecks } from './plugins/health';

const env = withProcessSecrets(loadEnv());
if (!env.DATABASE_URL) {
  console.error('The worker needs PostgreSQL (DATABASE_URL): on the embedded database the API runs the jobs itself.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
// Under the migration lock: the first process of a deployment to start applies them, the others find them done.
await database.migrate();
const app = await buildApp({ db: database.db, env, logger: true });
await app.ready();

const checks = readinessChecks(app);
const probes = createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0];
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  if (path === '/api/health') return answer(200, { ok: true });
  if (path !== '/api/health/ready') return answer(404, { ok: false });
  void Promise.allSettled(Object.values(checks).map((check) => check())).then((results) => {
    const named = Object.keys(checks).map((name, index) => [name, results[index].status === 'fulfilled'] as const);
    const ok = named.every(([, passed]) => passed);
    answer(ok ? 200 : 503, {
      ok,
      checks: Object.fromEntries(named.map(([name, passed]) => [name, passed ? 'ok' : 'failing'])),
      instance: { name: process.env.INSTANCE_NAME ?? 'worker', pid: process.pid },
    });
  });
});

const shutdown = async () => {
  probes.close();
  // app.close() stops the queue: jobs in flight get its grace period (jobs/queue.ts).
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

await app.startWork();
probes.listen(env.PORT, env.HOST, () =>
  app.log.info(`Lifeboard worker: jobs and scans on PostgreSQL; probes on http://${env.HOST}:${env.PORT}/api/health`),
);
