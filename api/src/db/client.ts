import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fromPglite, type ConstructorOptions } from 'pg-boss';
import { pgliteDatabase } from './pglite-session';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies every migration in `api/drizzle/` (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const queueConnections = new WeakMap<Db, ConstructorOptions>();
const pools = new WeakMap<Db, pg.Pool>();

/** The `pg` pool behind a PostgreSQL database opened here (for its metrics), or undefined on PGlite. */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** How the job queue (pg-boss) reaches a database opened here: PGlite's own client, or a small `pg` pool of its own. */
export function queueConnectionOf(db: Db): ConstructorOptions {
  const connection = queueConnections.get(db);
  if (!connection) throw new Error('this database was not opened by openDatabase (no job queue connection)');
  return connection;
}

// `api/drizzle`, seen from src/db/ (sources, tests) or from dist/ (the compiled server).
const migrationsFolder =
  ['../../drizzle', '../drizzle']
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((folder) => existsSync(`${folder}/meta/_journal.json`)) ??
  fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DatabaseOptions {
  databaseUrl?: string;
  /** A folder, or `memory://` for a throwaway in-memory database. */
  pgliteDir: string;
  /** PGlite only: start from this data folder (PGlite's `dumpDataDir`), as the tests start from one migrated copy. */
  pgliteData?: Blob;
}

/** PostgreSQL when a URL is given (pooled, with a connect timeout), otherwise embedded PGlite in a folder. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // The pool's default waits forever for a connection; fail fast instead.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection lost (the database restarted or went away) is an 'error' event: unheard, it would end
    // the process. The pool drops that connection and opens a new one for the next query, so the API recovers
    // when the database is back; meanwhile queries fail and /api/health/ready answers 503.
    pool.on('error', () => undefined);
    // A query prepared with a name (`.prepare('name')`) is a named statement of node-postgres: each pooled
    // connection parses and plans it once.
    const db = drizzleNodePg(pool);
    queueConnections.set(db, { connectionString: options.databaseUrl, max: 4, connectionTimeoutMillis: 5_000 });
    pools.set(db, pool);
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
  const client = new PGlite(options.pgliteDir, {
    extensions: { btree_gin },
    ...(options.pgliteData ? { loadDataDir: options.pgliteData } : {}),
  });
  await client.waitReady;
  // Drizzle's PGlite driver, with named statements for prepared queries (src/db/pglite-session.ts).
  const db = pgliteDatabase(client, new PgDialect());
  queueConnections.set(db, { db: fromPglite(client), backend: 'pglite' });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
