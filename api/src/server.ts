import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedDemo } from './demo/seed';
import { loadEnv } from './env';
import { seedMuscles } from './modules/muscles/catalogue';

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
await database.migrate();
await seedMuscles(database.db);

const app = await buildApp({ db: database.db, env, logger: true, limits: { anonymousPerIpPerMinute: env.ANONYMOUS_REQUESTS_PER_MINUTE } });
const demo = await seedDemo(database.db, env);
if (env.NODE_ENV !== 'development' && env.DEMO_PASSWORD) app.log.warn('DEMO_PASSWORD is ignored: the demo account is made only in development (NODE_ENV=development)');
if (demo) {
  // Printed plainly (not only as a log line) so a person starting the API can copy it.
  console.log(`\n  Demo account created\n    e-mail:   ${demo.email}\n    password: ${demo.password}\n`);
}

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: env.PORT, host: env.HOST });
await app.startWork();
app.log.info(`Lifeboard API on ${database.kind === 'pglite' ? `PGlite (${env.PGLITE_DIR})` : 'PostgreSQL'}; OpenAPI at /api/docs`);
