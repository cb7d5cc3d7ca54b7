import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { findRunningApi, makeAdmin, runningApiFile, type RunningApi } from '../modules/admin/local-admin';

/** Asks the running API to make the user an admin (its database is open there). Returns its message; throws its error. */
export async function makeAdminThrough(api: RunningApi, email: string): Promise<string> {
  const response = await fetch(`${api.url}/api/local/admin-create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lifeboard-local-token': api.token },
    body: JSON.stringify({ email }),
  });
  const answer = (await response.json()) as { message?: string; error?: string };
  if (!response.ok) throw new Error(answer.error ?? `The running API answered ${response.status}.`);
  return answer.message ?? '';
}

async function main(): Promise<void> {
  const email = process.argv[2];
  if (!email) {
    console.error('usage: pnpm --filter @lifeboard/api admin:create <email>');
    process.exit(2);
  }
  const env = loadEnv();
  // On the embedded database, a running API holds it: ask that API. PostgreSQL takes a second connection.
  const running = env.DATABASE_URL ? null : findRunningApi(runningApiFile(env.PGLITE_DIR));
  try {
    if (running) {
      console.log(await makeAdminThrough(running, email));
      return;
    }
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
    try {
      await database.migrate();
      console.log(await makeAdmin(database.db, email));
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main();
