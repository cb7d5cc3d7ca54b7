#!/usr/bin/env node
/**
 * `pnpm db:backup [file]` and `pnpm db:restore <file>`: one backup file of the database the API is set to use.
 *   DATABASE_URL  pg_dump's custom format (`pg_dump -Fc`), restored with `pg_restore --clean --if-exists`, which
 *                 drops and re-creates every object of the dump (other tables are left alone). The tools come
 *                 with PostgreSQL's client package (Debian: postgresql-client), at least the server's version.
 *   PGLITE_DIR    PGlite's own dump of its folder (`dumpDataDir`, a .tar.gz). The API must be stopped: PGlite is
 *                 one process's. Restoring sets the current folder aside (`<folder>.before-restore-<time>`) and
 *                 makes it anew from the dump.
 * As the API, it needs one of the two stated; a relative PGLITE_DIR is relative to api/, as for `pnpm start`.
 * A relative file is relative to the folder the command was typed in.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const typedIn = process.env.INIT_CWD ?? process.cwd();
const [command, fileArgument] = process.argv.slice(2);

function fail(message) {
  console.error(message);
  process.exit(1);
}

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
}

function run(tool, args) {
  const result = spawnSync(tool, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) fail(`${tool} could not be run (${result.error.message}): install PostgreSQL's client tools.`);
  if (result.status !== 0) fail(`${tool} failed (exit ${result.status}).`);
}

/** PGlite is one process's: refuse while an API announced in running-api.json (beside the folder) is alive. */
function refuseWhileApiRuns(folder) {
  const announced = join(dirname(folder), 'running-api.json');
  if (!existsSync(announced)) return;
  try {
    const { pid } = JSON.parse(readFileSync(announced, 'utf8'));
    process.kill(pid, 0);
  } catch {
    return;
  }
  fail(`The API is running on ${folder}: stop it first (PGlite's database is one process's).`);
}

async function openPglite(folder, loadDataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const client = new PGlite(folder, { extensions: { btree_gin }, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  return client;
}

const databaseUrl = process.env.DATABASE_URL?.trim();
const pgliteDir = process.env.PGLITE_DIR?.trim();
if (command !== 'backup' && command !== 'restore') fail('usage: db-backup.mjs backup [file] | restore <file>');
if (!databaseUrl && !pgliteDir)
  fail('Say which database: DATABASE_URL (PostgreSQL) or PGLITE_DIR (the embedded database, a folder).');

if (command === 'backup') {
  const file = resolve(typedIn, fileArgument ?? `lifeboard-${stamp()}.${databaseUrl ? 'dump' : 'tar.gz'}`);
  if (existsSync(file)) fail(`${file} exists already: name another file.`);
  if (databaseUrl) {
    run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', databaseUrl]);
  } else {
    const folder = resolve(apiRoot, pgliteDir);
    if (!existsSync(folder)) fail(`There is no database in ${folder}.`);
    refuseWhileApiRuns(folder);
    const client = await openPglite(folder);
    const dump = await client.dumpDataDir('gzip');
    await client.close();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600, flag: 'wx' });
  }
  console.log(`Backed up to ${file}`);
} else {
  if (!fileArgument) fail('usage: pnpm db:restore <file>');
  const file = resolve(typedIn, fileArgument);
  if (!existsSync(file)) fail(`There is no file ${file}.`);
  if (databaseUrl) {
    run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', databaseUrl, file]);
  } else {
    const folder = resolve(apiRoot, pgliteDir);
    refuseWhileApiRuns(folder);
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      const aside = `${folder}.before-restore-${stamp()}`;
      renameSync(folder, aside);
      console.log(`The database that was there is kept in ${aside}`);
    }
    const client = await openPglite(folder, new Blob([readFileSync(file)]));
    await client.close();
  }
  console.log(`Restored from ${file}`);
}
