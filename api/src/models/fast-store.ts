import type { Db } from '../db/client';
import { fastQueryOf, type Param } from '../db/fast-query';
import { COMPACT_ROW, parseCompactPage, parseCompactRow, type StoredRow } from './compact-row';
import { decodeCursor, encodeCursor } from './cursor';
import type { ModelEntry, RecordData } from './registry';
import { isPlainWordSearch, keepsSearchTerms, termPlan } from './search-terms';
import { sortInstant, type ListQuery, type Owner } from './store';

/**
 * The engine's hot paths, each ONE statement through the fast runner (db/fast-query.ts). Table and column
 * names come from the registry; every value is a bound parameter. Statement texts are made once per
 * model and shape and cached, so PostgreSQL prepares each once per connection.
 */
const texts = new Map<string, string>();
function cachedText(key: string, make: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = make();
    texts.set(key, text);
  }
  return text;
}

const tableOf = (entry: ModelEntry) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(entry.def.name)) throw new Error(`unsafe model name ${entry.def.name}`);
  return `"${entry.def.name}"`;
};

/**
 * How many rows a page of `limit` reads: one more than asked (it tells whether a next page exists), rounded up
 * to one of a few sizes, written into the SQL text as a literal. With `LIMIT $n` PostgreSQL cannot cost a generic
 * plan (it assumes a tenth of the table), so it re-plans the statement on every call, which on PGlite cost about
 * as much as running it; with a literal the prepared statement's plan is made once and reused. The few sizes keep
 * the number of statement texts small; a page between two sizes reads up to the next and ignores the rest.
 */
export const FETCH_SIZES = [2, 6, 11, 21, 26, 51, 101, 201] as const;

export function rowsToFetch(limit: number): number {
  const wanted = limit + 1;
  const size = FETCH_SIZES.find((candidate) => candidate >= wanted);
  if (size === undefined || !Number.isSafeInteger(limit) || limit < 1)
    throw new Error(`page size out of range: ${limit}`);
  return size;
}

/**
 * A page in the model's natural order, by keyset: `(sort_at, id) < cursor` (newest first) or
 * `(position, id) > cursor` walks the composite index `(user_id, board_id, key, id)` from where the last
 * page stopped; no OFFSET, no count. One more row than asked tells whether there is a next page.
 */
export async function listPage(
  db: Db,
  entry: ModelEntry,
  owner: Owner,
  query: ListQuery,
): Promise<{ rows: StoredRow[]; nextCursor?: string }> {
  const byPosition = entry.def.order.kind === 'position';
  const { text, params } = listStatement(entry, owner, query);
  const [[page = null] = []] = await fastQueryOf(db).rows(text, params);
  const rows = parseCompactPage(page, query.limit + 1);
  const visible = rows.slice(0, query.limit);
  const last = visible.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor(byPosition ? [last.position, last.id] : [last.sortAt.toISOString(), last.id])
      : undefined;
  return { rows: visible, nextCursor };
}

/** The one statement of a list page (and its bound values): exported so the benchmark prints the plans of what runs. */
export function listStatement(entry: ModelEntry, owner: Owner, query: ListQuery): { text: string; params: Param[] } {
  const byPosition = entry.def.order.kind === 'position';
  const params: Param[] = [owner.userId, owner.boardId];
  const bind = (value: Param) => `$${params.push(value)}`;
  // A search of plain words walks the term table in the page's order (search-terms.ts); other searches, the GIN index.
  const byTerms = query.search !== undefined && keepsSearchTerms(entry.def) && isPlainWordSearch(query.search);
  // The columns the range and the cursor read: the term table's copies when the walk goes through it.
  const [sortAt, id] = byTerms ? ['t.sort_at', 't.record_id'] : ['sort_at', 'id'];
  const filters: string[] = [];
  if (query.from) filters.push(`${sortAt} >= ${bind(new Date(query.from).toISOString())}::timestamptz`);
  // The day after `to` is computed in SQL: for 9999-12-31 it is year 10000, which JavaScript dates cannot hold.
  if (query.to) filters.push(`${sortAt} < ((${bind(query.to)}::date + 1)::timestamp at time zone 'UTC')`);
  // Through the term table a one-word search is answered by its rows alone: the record's vector (toasted for a long
  // entry) is read only to check the other words of a longer search.
  const plan = byTerms && query.search ? termPlan(query.search) : null;
  let walked = '';
  if (query.search && !plan) filters.push(`search @@ websearch_to_tsquery('simple', ${bind(query.search)})`);
  if (query.search && plan?.driver === null) {
    const searchText = bind(query.search);
    walked = `(select word from unnest(tsvector_to_array(to_tsvector('simple', ${searchText}))) word order by length(word) desc, word limit 1)`;
    filters.push(
      `((select count(*) from unnest(to_tsvector('simple', ${searchText}))) = 1 or n.search @@ websearch_to_tsquery('simple', ${searchText}))`,
    );
  } else if (query.search && plan?.driver) {
    walked = bind(plan.driver);
    if (!plan.single) filters.push(`n.search @@ websearch_to_tsquery('simple', ${bind(query.search)})`);
  }
  if (query.cursor) {
    const [key, lastId] = decodeCursor(query.cursor, byPosition ? 'position' : 'newest');
    filters.push(
      byPosition
        ? `(position, id) > (${bind(key)}::int, ${bind(lastId)}::int8)`
        : `(${sortAt}, ${id}) < (${bind(key)}::timestamptz, ${bind(lastId)}::int8)`,
    );
  }
  const reads = rowsToFetch(query.limit);
  const walk = !plan ? 'gin' : plan.driver === null ? 'terms-parsed' : 'terms';
  const shape = `${entry.def.name}:list:${byPosition}:${walk}:${reads}:${filters.map((filter) => filter.replace(/\$\d+/g, '?')).join('&')}`;
  const order = byPosition ? 'position asc, id asc' : 'sort_at desc, id desc';
  const text = cachedText(
    shape,
    () => `select string_agg(${COMPACT_ROW}, E'\\n' order by ${order}) from (
    ${
      plan
        ? termWalk(entry, filters, reads, walked)
        : `select id, board_id, created_at, updated_at, position, sort_at, data from ${tableOf(entry)}
    where user_id = $1 and board_id = $2${filters.map((filter) => ` and ${filter}`).join('')}
    order by ${order} limit ${reads}`
    }) page`,
  );
  return { text, params };
}

/**
 * The rows of a plain-word search page, newest first, through the term table: the board's rows of `walked` (the
 * query's longest word: a bound value or an expression) in the model's order, each record checked against the
 * rest of the query (`filters`, on `n.` and `t.`), until `reads` are found.
 */
function termWalk(entry: ModelEntry, filters: readonly string[], reads: number, walked: string): string {
  // Each record by its primary key, behind an OFFSET 0 fence: the owner conditions stay outside the subquery, so
  // no plan can fetch it through the owner's indexes instead, which a table without statistics (PGlite runs no
  // autovacuum, so no ANALYZE) made look cheaper: 64 times slower for a page of 10,000 journal entries.
  return `select n.id, n.board_id, n.created_at, n.updated_at, n.position, n.sort_at, n.data
    from search_terms t cross join lateral (
      select id, user_id, board_id, created_at, updated_at, position, sort_at, data, search from ${tableOf(entry)}
      where id = t.record_id offset 0) n
    where t.user_id = $1 and t.board_id = $2 and t.model = '${entry.def.name}'
      and t.lexeme = ${walked}
      and n.user_id = $1 and n.board_id = $2${filters.map((filter) => ` and ${filter}`).join('')}
    order by t.sort_at desc, t.record_id desc limit ${reads}`;
}

/** One record of the caller on the board, or undefined (the caller then tells 403 from 404). */
export async function findRow(db: Db, entry: ModelEntry, owner: Owner, id: number): Promise<StoredRow | undefined> {
  const text = cachedText(
    `${entry.def.name}:get`,
    () => `select ${COMPACT_ROW} from ${tableOf(entry)} where id = $1 and user_id = $2 and board_id = $3`,
  );
  const [[row = null] = []] = await fastQueryOf(db).rows(text, [id, owner.userId, owner.boardId]);
  return row === null ? undefined : parseCompactRow(row);
}

/**
 * Inserts a record only if the board is the caller's: the ownership check is part of the INSERT
 * (`... select ... where exists (board of this user)`), so a create is one statement. Undefined: not
 * the caller's board (403). Ordered models without a position go last on their board.
 */
export async function insertOwned(
  db: Db,
  entry: ModelEntry,
  owner: Owner,
  fields: RecordData,
): Promise<StoredRow | undefined> {
  const { position, ...data } = fields;
  const now = new Date();
  const hasPosition = typeof position === 'number';
  const byPosition = entry.def.order.kind === 'position';
  const table = tableOf(entry);
  const text = cachedText(`${entry.def.name}:insert:${hasPosition}`, () => {
    const positionValue = hasPosition
      ? '$6::int'
      : byPosition
        ? `(select coalesce(max(position), -1) + 1 from ${table} where user_id = $1 and board_id = $2)`
        : '0';
    return `insert into ${table} (user_id, board_id, created_at, updated_at, position, sort_at, data)
      select $1, $2, $3::timestamptz, $3::timestamptz, ${positionValue}, $4::timestamptz, $5::jsonb
      where exists (select 1 from boards where id = $2 and user_id = $1)
      returning ${COMPACT_ROW}`;
  });
  const params: Param[] = [
    owner.userId,
    owner.boardId,
    now.toISOString(),
    sortInstant(entry, data, now).toISOString(),
    JSON.stringify(data),
  ];
  if (hasPosition) params.push(position);
  const [[row = null] = []] = await fastQueryOf(db).rows(text, params);
  return row === null ? undefined : parseCompactRow(row);
}

/**
 * Writes merged fields only if the record still has the `updated_at` it was read with (compare-and-set),
 * so two writers never silently overwrite each other. Undefined: it changed (or went) in between.
 */
export async function updateIfUnchanged(
  db: Db,
  entry: ModelEntry,
  owner: Owner,
  read: StoredRow,
  changes: RecordData,
): Promise<StoredRow | undefined> {
  const { position, ...rest } = changes;
  const data = { ...read.data, ...rest };
  // Strictly later than what it replaces, even within one millisecond: a stale `expected_updated_at` never matches.
  const updatedAt = new Date(Math.max(Date.now(), read.updatedAt.getTime() + 1));
  const text = cachedText(
    `${entry.def.name}:update`,
    () => `update ${tableOf(entry)}
    set data = $1::jsonb, updated_at = $2::timestamptz, sort_at = $3::timestamptz, position = coalesce($4::int, position)
    where id = $5 and user_id = $6 and board_id = $7 and date_trunc('milliseconds', updated_at) = $8::timestamptz
    returning ${COMPACT_ROW}`,
  );
  const [[row = null] = []] = await fastQueryOf(db).rows(text, [
    JSON.stringify(data),
    updatedAt.toISOString(),
    sortInstant(entry, data, read.createdAt).toISOString(),
    typeof position === 'number' ? position : null,
    read.id,
    owner.userId,
    owner.boardId,
    read.updatedAt.toISOString(),
  ]);
  return row === null ? undefined : parseCompactRow(row);
}
