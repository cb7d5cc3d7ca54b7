import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { users } from '../db/schema';
import { loadEnv } from '../env';

/** Makes the user with this e-mail an admin. Returns a message; throws when there is no such user. */
export async function makeAdmin(database: Database, email: string): Promise<string> {
  const address = email.trim().toLowerCase();
  const updated = await database.db.update(users).set({ role: 'admin' }).where(eq(users.email, address)).returning({ id: users.id });
  if (updated.length === 0) throw new Error(`No user with e-mail ${address}; sign up first, then run this again.`);
  return `${address} is now an admin.`;
}

async function main(): Promise<void> {
  const email = process.argv[2];
  if (!email) {
    console.error('usage: pnpm --filter @lifeboard/api admin:create <email>');
    process.exit(2);
  }
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  try {
    await database.migrate();
    console.log(await makeAdmin(database, email));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main();
