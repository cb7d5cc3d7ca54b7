import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyMaterial } from '@lifeboard/shared/crypto/keys';
import { sealRecord } from '@lifeboard/shared/crypto/records';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { defaultEnv } from '../../env';
import { createTestApp, relaxedLimits, signUp } from '../../../test/helpers';

/**
 * The canary, in a dump of the database as `pnpm db:backup` makes it: pg_dump when the tests run on
 * PostgreSQL (`DATABASE_URL`), PGlite's `dumpDataDir` otherwise (on a database in a folder of its own, as the tool
 * needs the folder and the API stopped). A plain control written beside it proves the dump holds written text.
 */
const apiRoot = fileURLToPath(new URL('../../../', import.meta.url));
const databaseUrl = process.env.DATABASE_URL;
let app: FastifyInstance;
let own: { database: Database; folder: string } | undefined;

beforeAll(async () => {
  if (databaseUrl) {
    app = await createTestApp();
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'lb-dump-test-'));
  const database = await openDatabase({ pgliteDir: join(folder, 'pglite') });
  await database.migrate();
  own = { database, folder };
  app = await buildApp({ db: database.db, env: defaultEnv(), limits: relaxedLimits, countersPrefix: 'dump-test:' });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  if (own) {
    await own.database.close().catch(() => undefined);
    rmSync(own.folder, { recursive: true, force: true });
  }
});

/** The dump's bytes (a PGlite dump unpacked); the app is closed first on PGlite, whose folder is one process's. */
async function dump(): Promise<Buffer> {
  if (databaseUrl) return execFileSync('pg_dump', ['--data-only', '--dbname', databaseUrl], { maxBuffer: 1 << 30 });
  if (!own) throw new Error('no database of this test');
  await app.close();
  await own.database.close();
  const file = join(own.folder, 'dump.tar.gz');
  execFileSync('node', ['scripts/db-backup.mjs', 'backup', file], {
    cwd: apiRoot,
    env: { ...process.env, PGLITE_DIR: join(own.folder, 'pglite'), DATABASE_URL: '', INIT_CWD: apiRoot },
    stdio: 'pipe',
  });
  return gunzipSync(readFileSync(file));
}

describe('a dump of the database', () => {
  it('holds no word of an encrypted entry or note, and the words of a plain one', { timeout: 120_000 }, async () => {
    const canary = `canary-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const control = `plain-control-${Date.now().toString(36)}`;
    const user = await signUp(app);
    const keys = await createKeyMaterial(user.id, 'a passphrase for the dump', 600_000);
    expect((await user.post('/api/encryption/enable', keys.material)).statusCode).toBe(201);
    for (const model of ['journal_entry', 'note'] as const) {
      const sealed = await sealRecord(keys.dataKey, model, { title: `Title ${canary}`, body: `<p>${canary}</p>` });
      const made = await user.post(`/api/${model}/create`, {
        board: user.boardId,
        params: { ...(model === 'journal_entry' ? { date: '2026-11-29' } : {}), ...sealed },
      });
      expect(made.statusCode).toBe(201);
    }
    const other = await signUp(app);
    const plain = await other.post('/api/note/create', {
      board: other.boardId,
      params: { title: control, body: `<p>${control}</p>` },
    });
    expect(plain.statusCode).toBe(201);

    const bytes = await dump();
    expect(bytes.includes(Buffer.from(control))).toBe(true);
    expect(bytes.includes(Buffer.from(canary))).toBe(false);
  });
});
