import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedMuscles } from '../src/modules/muscles/catalogue';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder (`dumpDataDir`) with every migration applied and the muscles seeded; '' on PostgreSQL. */
    pgliteSnapshot: string;
  }
}

/**
 * On PostgreSQL all test files share one database: it is migrated once here, before they start. On PGlite each
 * file has an in-memory database of its own. A fresh one runs initdb and then the migrations, ~5 s of CPU a file;
 * so that runs once here, and each file starts its PGlite from a dump of the result (~1 s; test/helpers.ts).
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: 'memory://' });
    await database.migrate();
    await database.close();
    return undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'lifeboard-api-tests-'));
  // Made as the app makes its database (openDatabase, migrate), in a folder, then dumped as the files load it.
  const folder = path.join(dir, 'pglite');
  const database = await openDatabase({ pgliteDir: folder });
  await database.migrate();
  await seedMuscles(database.db);
  await database.close();
  const client = new PGlite(folder, { extensions: { btree_gin } });
  await client.waitReady;
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
