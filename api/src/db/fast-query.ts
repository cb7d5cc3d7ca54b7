import { messages, protocol, type PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Db } from './client';

/** A bound parameter: numbers and strings go as text, the database casts them (`$1::timestamptz`). */
export type Param = string | number | null;

/**
 * The hot paths' way to the database: one SQL text, positional parameters, rows as arrays of text (or
 * null). It skips the query builder (its per-call SQL assembly and per-column mapping cost as much as
 * the query on the embedded database) and makes every statement ONE round trip:
 * - PGlite: the extended-protocol messages (made by PGlite's exported serializer) go to the WASM backend in
 *   one buffer through its public `execProtocol` (`PGlite.query` makes six calls: parse, describe, bind,
 *   describe, execute, sync), and each SQL text is parsed and planned once, as a named prepared statement,
 *   then only bound and executed;
 * - PostgreSQL: a named prepared statement per SQL text, so each pooled connection plans it once.
 * Only the engine's own SQL (built from the registry, never from input) goes through here; every
 * value is a bound parameter.
 */
export interface FastQuery {
  rows(text: string, params: readonly Param[]): Promise<(string | null)[][]>;
}

const runners = new WeakMap<Db, FastQuery>();

export function registerFastQuery(db: Db, runner: FastQuery): void {
  runners.set(db, runner);
}

export function fastQueryOf(db: Db): FastQuery {
  const runner = runners.get(db);
  if (!runner) throw new Error('this database was not opened by openDatabase (no fast query runner)');
  return runner;
}

const names = new Map<string, string>();
/** A prepared statement's name: stable per SQL text, so a connection prepares each text once. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `lb_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

const toText = (value: Param): string | null => (value === null ? null : String(value));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

interface DataRowMessage {
  name: 'dataRow';
  fields: (string | null)[];
}

function isDataRow(message: { name: string }): message is DataRowMessage {
  return message.name === 'dataRow';
}

/**
 * Keeps the fast runner out of other callers' transactions on PGlite's one session. PGlite's public
 * `runExclusive` holds only its statement lock, which a transaction releases between its statements; a fast
 * statement run there would join that transaction (see its uncommitted rows, be rolled back with it). So every
 * transaction of the app (`transaction` of the client Drizzle is given) and every fast statement take this gate.
 */
export interface SessionGate {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function sessionGate(): SessionGate {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(work) {
      const result = tail.then(work);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

/** The PGlite client as Drizzle gets it: the same object, with transactions taken through the gate. */
export function gatedTransactions(client: PGlite, gate: SessionGate): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'transaction')
        return (callback: Parameters<PGlite['transaction']>[0]) => gate.run(() => target.transaction(callback));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function pgliteFastQuery(client: PGlite, gate: SessionGate): FastQuery {
  const wire = protocol.serialize;
  // Text-format results without a row description: the engine knows its columns and wants strings.
  const tail = concat([wire.execute({}), wire.sync()]);
  // PGlite is one session for the whole process, so a statement parsed (and planned) once by name stays.
  const prepared = new Set<string>();
  return {
    async rows(text, params) {
      const name = statementName(text);
      const bind = wire.bind({ statement: name, values: params.map(toText) });
      const fresh = !prepared.has(name);
      const message = fresh ? concat([wire.parse({ name, text }), bind, tail]) : concat([bind, tail]);
      // Never inside another caller's transaction (the gate) or statement (`runExclusive`); public APIs only.
      const result = await gate.run(() =>
        client.runExclusive(() => client.execProtocol(message, { throwOnError: false })),
      );
      // The statement exists once Parse succeeded, even when Bind or Execute then failed on this call's values:
      // marking it only after a clean run would send Parse again, and every later call would fail ("already exists").
      const rows: (string | null)[][] = [];
      let failure: Error | undefined;
      for (const item of result.messages) {
        if (item.name === 'parseComplete') prepared.add(name);
        else if (isDataRow(item)) rows.push(item.fields);
        else if (item instanceof messages.DatabaseError) failure ??= item;
      }
      if (failure) throw failure;
      return rows;
    },
  };
}

/** Every column as the text PostgreSQL sent, as PGlite's path gives it. */
const asText = { getTypeParser: () => (value: string) => value };

export function postgresFastQuery(pool: pg.Pool): FastQuery {
  return {
    async rows(text, params) {
      const result = await pool.query<(string | null)[]>({
        name: statementName(text),
        text,
        values: params.map(toText),
        rowMode: 'array',
        types: asText,
      });
      return result.rows;
    },
  };
}
