import { createHash } from 'node:crypto';
import type { Db } from './client';

/** What a query builder can be prepared from: its SQL text (for the name) and its `prepare`. */
interface Preparable<P> {
  toSQL(): { sql: string };
  prepare(name: string): P;
}

const prepared = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query prepared once per database and shape (`key`: what decides its SQL text), under a name made from its
 * SQL text, so one name always means one text. A named prepared query is a named statement: on PostgreSQL each
 * pooled connection parses and plans it once (node-postgres), on PGlite the session does (db/pglite-session.ts).
 * Every value goes in as a placeholder; the builder runs once, on the first call.
 */
export function preparedOnce<P>(db: Db, key: string, build: () => Preparable<P>): P {
  let statements = prepared.get(db);
  if (!statements) {
    statements = new Map();
    prepared.set(db, statements);
  }
  let statement = statements.get(key) as P | undefined;
  if (statement === undefined) {
    const query = build();
    statement = query.prepare(`lb_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 24)}`);
    statements.set(key, statement);
  }
  return statement;
}
