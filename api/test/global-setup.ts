import { openDatabase } from '../src/db/client';

/** On PostgreSQL all test files share one database: migrate it once before they start. PGlite files migrate their own. */
export default async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: 'memory://' });
  await database.migrate();
  await database.close();
}
