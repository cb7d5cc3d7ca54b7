import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pgliteFastQuery, postgresFastQuery, registerFastQuery } from './fast-query';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies every migration in `api/drizzle/` (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

// `api/drizzle`, seen from src/db/ (sources, tests) or from dist/ (the compiled server).
const migrationsFolder = ['../../drizzle', '../drizzle']
  .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
  .find((folder) => existsSync(`${folder}/meta/_journal.json`)) ?? fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DatabaseOptions {
  databaseUrl?: string;
  /** A folder, or `memory://` for a throwaway in-memory database. */
  pgliteDir: string;
}

/** PostgreSQL when a URL is given (pooled, with a connect timeout), otherwise embedded PGlite in a folder. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // The pool's default waits forever for a connection; fail fast instead.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
    const db = drizzleNodePg(pool);
    registerFastQuery(db, postgresFastQuery(pool));
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // Several processes (test files, instances) may start together: serialise migrations with an advisory lock.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(4242001)');
          await migrateNodePg(db, { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(4242001)').catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (!options.pgliteDir.startsWith('memory://')) mkdirSync(options.pgliteDir, { recursive: true });
  // btree_gin: the search indexes lead with the owner columns (migration 0006), as on PostgreSQL.
  const client = new PGlite(options.pgliteDir, { extensions: { btree_gin } });
  await client.waitReady;
  const db = drizzlePglite(client);
  registerFastQuery(db, pgliteFastQuery(client));
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
