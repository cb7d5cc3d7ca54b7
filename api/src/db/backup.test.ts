import { spawnSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ownPostgres } from '../../test/processes';
import { relaxedLimits, signUp } from '../../test/helpers';
import { buildApp } from '../app';
import { defaultEnv } from '../env';
import { openDatabase, type DatabaseOptions } from './client';
import { users } from './schema';

const script = fileURLToPath(new URL('../../scripts/db-backup.mjs', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'lifeboard-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `pnpm db:backup` / `db:restore` as a person types them, in `dir`, with only the database setting. */
function backupScript(args: string[], env: Record<string, string>): string {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', INIT_CWD: dir, ...env },
    encoding: 'utf8',
  });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** Makes an account on the database, as the API does; its e-mail. */
async function makeData(options: DatabaseOptions): Promise<string> {
  const database = await openDatabase(options);
  await database.migrate();
  const app = await buildApp({ db: database.db, env: defaultEnv(), limits: relaxedLimits });
  try {
    await app.ready();
    return (await signUp(app)).email;
  } finally {
    await app.close();
    await database.close();
  }
}

async function findUser(options: DatabaseOptions, email: string): Promise<number> {
  const database = await openDatabase(options);
  try {
    return (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;
  } finally {
    await database.close();
  }
}

describe('pnpm db:backup and db:restore', () => {
  it('PGlite: makes data, backs up, wipes, restores, and finds the data', async () => {
    const folder = path.join(dir, 'pglite');
    const email = await makeData({ pgliteDir: folder });
    expect(backupScript(['backup', 'one.tar.gz'], { PGLITE_DIR: folder })).toContain('Backed up to');
    rmSync(folder, { recursive: true, force: true });
    backupScript(['restore', 'one.tar.gz'], { PGLITE_DIR: folder });
    expect(await findUser({ pgliteDir: folder }, email)).toBe(1);
  }, 180_000);

  it('refuses without a database setting, naming both', () => {
    const result = spawnSync(process.execPath, [script, 'backup'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/DATABASE_URL .*PGLITE_DIR/);
  });

  it('PostgreSQL: makes data, backs up (pg_dump), wipes, restores (pg_restore), and finds the data', async () => {
    const postgres = await ownPostgres();
    if (!postgres) return; // no PostgreSQL server binaries on this machine
    try {
      const options = { databaseUrl: postgres.url, pgliteDir: 'memory://' };
      const email = await makeData(options);
      backupScript(['backup', 'two.dump'], { DATABASE_URL: postgres.url });
      // Wipe: every table gone.
      const database = await openDatabase(options);
      await database.db.execute(sql`drop schema public cascade`);
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`drop schema if exists pgboss cascade`);
      await database.db.execute(sql`create schema public`);
      await expect(database.db.select().from(users)).rejects.toThrow();
      await database.close();
      backupScript(['restore', 'two.dump'], { DATABASE_URL: postgres.url });
      expect(await findUser(options, email)).toBe(1);
    } finally {
      await postgres.stop();
    }
  }, 180_000);
});
