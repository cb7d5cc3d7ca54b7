/**
 * `node dist/cli/migrate.js`: applies every migration to DATABASE_URL (or PGLITE_DIR) and exits, so a deploy
 * migrates once before it starts its processes. Each process still migrates at start under the same advisory
 * lock (db/client.ts), where it finds nothing left to do.
 */
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
const started = Date.now();
try {
  await database.migrate();
  console.log(`Migrations applied in ${Date.now() - started} ms`);
} finally {
  await database.close();
}
