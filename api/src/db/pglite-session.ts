import { messages, parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NoopLogger } from 'drizzle-orm/logger';
import type { PgDialect, PgPreparedQuery, PgTransactionConfig, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { PglitePreparedQuery, PgliteSession, type PgliteTransaction } from 'drizzle-orm/pglite/session';

/**
 * Keeps named statements out of other callers' transactions on PGlite's one session. PGlite's public
 * `runExclusive` holds only its statement lock, which a transaction releases between its statements; a named
 * statement run there would join that transaction (see its uncommitted rows, be rolled back with it). So every
 * transaction of the app's Drizzle and every named statement take this gate.
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

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function failureOf(received: readonly { name: string }[]): Error | undefined {
  return received.find((message) => message instanceof messages.DatabaseError);
}

interface Described {
  text: string;
  parameterTypes: number[];
  /** What the statement answers (none for a write without RETURNING). */
  row?: messages.RowDescriptionMessage;
}

type Parsers = PGlite['parsers'];
const merged = new WeakMap<object, Parsers>();

/**
 * PGlite's parsers with a query's own on top, made once per query's options: `parseResults` spreads the two into a
 * new object on every call when given both, which was a third of a small statement's CPU time.
 */
function parsersOf(client: PGlite, options: QueryOptions | undefined): Parsers {
  const own = options?.parsers;
  if (!own) return client.parsers;
  let parsers = merged.get(own);
  if (!parsers) {
    parsers = { ...client.parsers, ...own };
    merged.set(own, parsers);
  }
  return parsers;
}

/**
 * PGlite's `query`, for one named statement: parsed and planned once (Parse and Describe on the first call),
 * then each call is Bind, Execute and Sync in ONE `execProtocol` buffer. `PGlite.query` parses and plans every
 * call, in six calls to the backend (bench/README.md: that was most of a list page). Values are serialized and
 * rows parsed as `query` does (the types the statement describes, PGlite's serializers and parsers), so Drizzle's
 * prepared query maps the rows exactly as on the driver's own path. Public APIs of PGlite only.
 */
function namedStatement(client: PGlite, gate: SessionGate, name: string) {
  const wire = protocol.serialize;
  const tail = concat([wire.execute({}), wire.sync()]);
  let described: Described | undefined;

  async function describe(text: string): Promise<Described> {
    const { messages: received } = await client.execProtocol(
      concat([wire.parse({ name, text }), wire.describe({ type: 'S', name }), wire.sync()]),
      { throwOnError: false },
    );
    // Not kept when Parse failed: the statement does not exist, and the next call reports the same error.
    const failure = failureOf(received);
    if (failure) throw failure;
    const parameters = received.find(
      (message): message is messages.ParameterDescriptionMessage =>
        message instanceof messages.ParameterDescriptionMessage,
    );
    const row = received.find(
      (message): message is messages.RowDescriptionMessage => message instanceof messages.RowDescriptionMessage,
    );
    return { text, parameterTypes: parameters?.dataTypeIDs ?? [], row };
  }

  return async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> =>
    // Never inside another caller's transaction (the gate) or statement (`runExclusive`).
    gate.run(() =>
      client.runExclusive(async () => {
        described ??= await describe(text);
        // One name, one text: PostgreSQL keeps the first text under a name, so a second would run the wrong one.
        if (described.text !== text) throw new Error(`prepared statement ${name} was prepared for another query`);
        const { parameterTypes } = described;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serialize = options?.serializers?.[parameterTypes[i]] ?? client.serializers[parameterTypes[i]];
          return serialize ? serialize(value) : String(value);
        });
        const { messages: received } = await client.execProtocol(
          concat([wire.bind({ statement: name, values }), tail]),
          { throwOnError: false },
        );
        const failure = failureOf(received);
        if (failure) throw failure;
        const answered = described.row ? [described.row, ...received] : received;
        const [result] = parse.parseResults(answered, parsersOf(client, options), { rowMode: options?.rowMode });
        return result as Results<T>;
      }),
    );
}

/** The client a named prepared query is given: PGlite itself, but `query` runs through the named statement. */
function namedClient(client: PGlite, gate: SessionGate, name: string): PGlite {
  const query = namedStatement(client, gate, name);
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

type Schema = Record<string, never>;

/**
 * Drizzle's PGlite session, with two differences: a query prepared with a name (`.prepare('name')`) runs as a
 * named statement (`namedStatement`), and every transaction takes the session gate. Unnamed queries and
 * everything inside a transaction go through the driver's own path, unchanged.
 */
class NamedStatementSession extends PgliteSession<Schema, Schema> {
  readonly #pglite: PGlite;
  readonly #gate: SessionGate;
  readonly #logger = new NoopLogger();
  readonly #cache = new NoopCache();
  /** One named statement per name: PGlite is one session for the whole process, so it stays prepared. */
  readonly #named = new Map<string, PGlite>();

  constructor(client: PGlite, dialect: PgDialect, gate: SessionGate) {
    super(client, dialect, undefined);
    this.#pglite = client;
    this.#gate = gate;
  }

  override prepareQuery<T extends PreparedQueryConfig = PreparedQueryConfig>(
    ...args: Parameters<PgliteSession<Schema, Schema>['prepareQuery']>
  ): PgPreparedQuery<T> {
    const [query, fields, name, isResponseInArrayMode, customResultMapper, queryMetadata, cacheConfig] = args;
    if (name === undefined) return super.prepareQuery<T>(...args);
    let client = this.#named.get(name);
    if (!client) {
      client = namedClient(this.#pglite, this.#gate, name);
      this.#named.set(name, client);
    }
    return new PglitePreparedQuery<T>(
      client,
      query.sql,
      query.params,
      this.#logger,
      this.#cache,
      queryMetadata,
      cacheConfig,
      fields,
      name,
      isResponseInArrayMode,
      customResultMapper,
    );
  }

  override transaction<T>(
    transaction: (tx: PgliteTransaction<Schema, Schema>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    return this.#gate.run(() => super.transaction(transaction, config));
  }
}

/** The app's Drizzle on PGlite: the `drizzle-orm/pglite` database, over the session above. */
export function pgliteDatabase(client: PGlite, dialect: PgDialect): PgliteDatabase<Schema> {
  return new PgliteDatabase(dialect, new NamedStatementSession(client, dialect, sessionGate()), undefined);
}
