import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedDemo } from './demo/seed';
import { loadServerEnv, paymentsProviderOf, withProcessSecrets } from './env';
import { jobPlaceOf, startJobThread, type JobThread } from './jobs/thread';
import { announceRunningApi, forgetRunningApi, runningApiFile } from './modules/admin/local-admin';
import { seedMuscles } from './modules/muscles/catalogue';

const env = withProcessSecrets(loadServerEnv());
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
const jobPlace = jobPlaceOf(env, database.kind);
await database.migrate();
await seedMuscles(database.db);

// The embedded database is this process's alone: `admin:create` asks this API instead (modules/admin/local-admin.ts).
// It listens on 127.0.0.1 whenever HOST is loopback or every address (the default is 127.0.0.1).
const reachableOnLoopback = ['127.0.0.1', 'localhost', '0.0.0.0', '::'].includes(env.HOST);
const localAdmin =
  database.kind === 'pglite' && reachableOnLoopback
    ? { file: runningApiFile(env.PGLITE_DIR), token: randomBytes(24).toString('base64url') }
    : null;
const app = await buildApp({
  db: database.db,
  env,
  logger: true,
  limits: { anonymousPerIpPerMinute: env.ANONYMOUS_REQUESTS_PER_MINUTE, signupPerIpPerMinute: env.SIGNUPS_PER_MINUTE },
  localAdminToken: localAdmin?.token,
});
const demo = await seedDemo(database.db, env);
if (env.NODE_ENV !== 'development' && env.DEMO_PASSWORD)
  app.log.warn('DEMO_PASSWORD is ignored: the demo account is made only in development (NODE_ENV=development)');
if (demo) {
  // Printed plainly (not only as a log line) so a person starting the API can copy it.
  console.log(`\n  Demo account created\n    e-mail:   ${demo.email}\n    password: ${demo.password}\n`);
}

let jobThread: JobThread | null = null;
const shutdown = async () => {
  if (localAdmin) forgetRunningApi(localAdmin.file);
  // Requests in flight finish; new ones get 503 with `Connection: close` until the connections are closed.
  app.startDraining();
  const drainSeconds = env.SHUTDOWN_DRAIN_SECONDS ?? (env.NODE_ENV === 'development' ? 0 : 3);
  await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
  await jobThread?.stop();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

await app.listen({ port: env.PORT, host: env.HOST });
if (localAdmin)
  announceRunningApi(localAdmin.file, {
    pid: process.pid,
    url: `http://127.0.0.1:${env.PORT}`,
    token: localAdmin.token,
  });
if (jobPlace === 'inline') await app.startWork();
if (jobPlace === 'thread') {
  // The same file name beside this one: src/job-worker.ts under tsx, dist/job-worker.js once built.
  const entry = new URL(`./job-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
  jobThread = startJobThread(entry, env, app.log);
  await jobThread.working;
}
app.log.info(
  `Lifeboard API on ${database.kind === 'pglite' ? `PGlite (${env.PGLITE_DIR})` : 'PostgreSQL'}; jobs ${jobPlace === 'off' ? 'run elsewhere (JOB_WORKERS=off)' : `run ${jobPlace === 'thread' ? 'in a thread of their own' : 'on the request thread'}`}; OpenAPI at /api/docs`,
);
if (env.NODE_ENV !== 'development' && paymentsProviderOf(env) === 'test')
  app.log.warn('PAYMENTS_PROVIDER=test: payments are not real (card 4242 4242 4242 4242 "pays"); the site says so');
if (env.MAIL === 'off') app.log.warn('MAIL=off: this site sends no mail');
