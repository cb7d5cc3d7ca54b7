import { and, asc, desc, eq, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { boards } from '../db/core-schema';
import { preparedOnce } from '../db/prepared';
import { searchTerms } from '../db/search-terms-schema';
import type { StoredRow } from './presenter';
import { decodeCursor, encodeCursor } from './cursor';
import type { ListQuery, ModelEntry, RecordData } from './model-hooks';
import { isPlainWordSearch, keepsSearchTerms, termPlan } from './search-terms';
import { sortInstant, type Owner } from './store';

/**
 * The engine's hot paths, each ONE statement, written with Drizzle's query builder and prepared once per model and
 * shape under a name (db/prepared.ts): the SQL is built once, every value is a placeholder, and the database parses
 * and plans each statement once (bench/README.md, *The API's data path*: on PostgreSQL a statement built per call costs four
 * times the CPU).
 */
const value = sql.placeholder;

/** The columns of a stored record: a model table's, or a subquery's copies of them. */
type RowColumns = Record<keyof StoredRow, SQLWrapper>;

/** The columns a page reads (every one but `search`, which is for the index only). */
export function pageColumns<C extends RowColumns>(c: C): Pick<C, keyof StoredRow> {
  return {
    id: c.id,
    boardId: c.boardId,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    position: c.position,
    sortAt: c.sortAt,
    data: c.data,
  };
}

/** A page's order: the model's (by position, or newest first by its date), or the most recently made first. */
type Order = 'position' | 'newest' | 'made';

function orderOf(order: Order, c: Pick<RowColumns, 'position' | 'sortAt' | 'createdAt' | 'id'>): SQL[] {
  if (order === 'position') return [asc(c.position), asc(c.id)];
  return order === 'newest' ? [desc(c.sortAt), desc(c.id)] : [desc(c.createdAt), desc(c.id)];
}

/** Up to `limit` of the table's rows in `order` (the `limit` placeholder). */
function page(db: Db, table: ModelEntry['table'], where: SQL | undefined, order: Order) {
  return db
    .select(pageColumns(table))
    .from(table)
    .where(where)
    .orderBy(...orderOf(order, table))
    .limit(value('limit'));
}

/**
 * The board's records, the most recently made first, up to `limit` of them, in one statement. For lists
 * outside the engine (the exercise library's custom exercises).
 */
export async function newestMade(db: Db, entry: ModelEntry, owner: Owner, limit: number): Promise<StoredRow[]> {
  const statement = preparedOnce(db, `${entry.def.name}:newest-made`, () => {
    const t = entry.table;
    return page(db, t, and(eq(t.userId, value('user')), eq(t.boardId, value('board'))), 'made');
  });
  return statement.execute({ user: owner.userId, board: owner.boardId, limit });
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
  const { statement, values } = listStatement(db, entry, owner, query);
  const rows = await statement.execute(values);
  const visible = rows.slice(0, query.limit);
  const last = visible.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor(byPosition ? [last.position, last.id] : [last.sortAt.toISOString(), last.id])
      : undefined;
  return { rows: visible, nextCursor };
}

/** The columns a page's range and cursor are on: the record's, or the term table's copies of them. */
type KeyColumns = Pick<RowColumns, 'sortAt' | 'id' | 'position'>;

/** The date field of a model filtered by day of the year; only plain names reach SQL. */
function dateFieldOf(entry: ModelEntry): string {
  const field = entry.def.dateField;
  if (!field || !/^[a-z_][a-z0-9_]*$/.test(field))
    throw new Error(`${entry.def.name} has no date field to filter by day`);
  return field;
}

/** The one statement of a list page and its values: exported so the tests read the plan of what runs. */
export function listStatement(db: Db, entry: ModelEntry, owner: Owner, query: ListQuery) {
  const order = entry.def.order.kind === 'position' ? 'position' : 'newest';
  const values: Record<string, unknown> = { user: owner.userId, board: owner.boardId };
  // A search of plain words walks the term table in the page's order (search-terms.ts); other searches, the GIN index.
  // A tag or a day of the year is a condition on the record's fields, which the term table does not copy.
  const onFields = query.tag !== undefined || query.same_day !== undefined;
  const byTerms =
    !onFields && query.search !== undefined && keepsSearchTerms(entry.def) && isPlainWordSearch(query.search);
  // Through the term table a one-word search is answered by its rows alone: the record's vector (toasted for a long
  // entry) is read only to check the other words of a longer search.
  const plan = byTerms && query.search ? termPlan(query.search) : null;
  if (query.from) values.from = new Date(query.from).toISOString();
  if (query.to) values.to = query.to;
  if (query.search) values.search = query.search;
  if (plan?.driver) values.driver = plan.driver;
  if (plan) values.fence = 0;
  if (query.tag) values.tag = query.tag;
  if (query.same_day) values.sameDay = query.same_day;
  if (query.cursor) {
    const [key, lastId] = decodeCursor(query.cursor, order);
    values.key = key;
    values.lastId = lastId;
  }
  // One more row than asked tells whether there is a next page.
  values.limit = query.limit + 1;
  const walk = !plan ? 'gin' : plan.driver === null ? 'terms-parsed' : plan.single ? 'terms-one' : 'terms';
  const shape = [entry.def.name, 'list', order, walk, !!query.from, !!query.to, !!query.search, !!query.cursor];
  if (onFields) shape.push(`tag:${!!query.tag}`, `day:${!!query.same_day}`);

  const statement = preparedOnce(db, shape.join(':'), () => {
    const t = entry.table;
    /** The conditions on the range and the cursor, on the columns the walk orders by. */
    const keyFilters = (c: KeyColumns) => [
      query.from ? gte(c.sortAt, sql`${value('from')}::timestamptz`) : undefined,
      // The day after `to` is computed in SQL: for 9999-12-31 it is year 10000, which JavaScript dates cannot hold.
      query.to ? lt(c.sortAt, sql`((${value('to')}::date + 1)::timestamp at time zone 'UTC')`) : undefined,
      !query.cursor
        ? undefined
        : order === 'position'
          ? sql`(${c.position}, ${c.id}) > (${value('key')}::int, ${value('lastId')}::int8)`
          : sql`(${c.sortAt}, ${c.id}) < (${value('key')}::timestamptz, ${value('lastId')}::int8)`,
    ];
    if (!plan) {
      const where = and(
        eq(t.userId, value('user')),
        eq(t.boardId, value('board')),
        ...keyFilters(t),
        query.search ? sql`${t.search} @@ websearch_to_tsquery('simple', ${value('search')})` : undefined,
        query.tag ? sql`${t.data}->'tags' ? ${value('tag')}::text` : undefined,
        query.same_day
          ? sql`right(${t.data}->>${sql.raw(`'${dateFieldOf(entry)}'`)}, 5) = ${value('sameDay')}`
          : undefined,
      );
      return page(db, t, where, order);
    }
    return termWalk(db, entry, plan, keyFilters);
  });
  return { statement, values };
}

/**
 * The rows of a plain-word search page, newest first, through the term table: the board's rows of the query's
 * longest word (bound, or worked out by the database's parser) in the model's order, each record checked against
 * the rest of the query, until `limit` are found.
 */
function termWalk(
  db: Db,
  entry: ModelEntry,
  plan: { driver: string | null; single: boolean },
  keyFilters: (c: KeyColumns) => (SQL | undefined)[],
) {
  const t = entry.table;
  const terms = searchTerms;
  // Each record by its primary key, behind an OFFSET 0 fence: the owner conditions stay outside the subquery, so
  // no plan can fetch it through the owner's indexes instead, which a table without statistics (PGlite runs no
  // autovacuum, so no ANALYZE) made look cheaper: 64 times slower for a page of 10,000 journal entries.
  const record = db
    .select({ ...pageColumns(t), userId: t.userId, search: t.search })
    .from(t)
    .where(eq(t.id, terms.recordId))
    .offset(value('fence'))
    .as('n');
  const walked =
    plan.driver === null
      ? sql`(select word from unnest(tsvector_to_array(to_tsvector('simple', ${value('search')}))) word order by length(word) desc, word limit 1)`
      : value('driver');
  const check =
    plan.driver === null
      ? sql`((select count(*) from unnest(to_tsvector('simple', ${value('search')}))) = 1 or ${record.search} @@ websearch_to_tsquery('simple', ${value('search')}))`
      : plan.single
        ? undefined
        : sql`${record.search} @@ websearch_to_tsquery('simple', ${value('search')})`;
  return db
    .select(pageColumns(record))
    .from(terms)
    .crossJoinLateral(record)
    .where(
      and(
        eq(terms.userId, value('user')),
        eq(terms.boardId, value('board')),
        eq(terms.model, entry.def.name),
        eq(terms.lexeme, walked),
        eq(record.userId, value('user')),
        eq(record.boardId, value('board')),
        ...keyFilters({ sortAt: terms.sortAt, id: terms.recordId, position: record.position }),
        check,
      ),
    )
    .orderBy(desc(terms.sortAt), desc(terms.recordId))
    .limit(value('limit'));
}

/** One record of the caller on the board, or undefined (the caller then tells 403 from 404). */
export async function findRow(db: Db, entry: ModelEntry, owner: Owner, id: number): Promise<StoredRow | undefined> {
  const t = entry.table;
  const statement = preparedOnce(db, `${entry.def.name}:get`, () =>
    db
      .select(pageColumns(t))
      .from(t)
      .where(and(eq(t.id, value('id')), eq(t.userId, value('user')), eq(t.boardId, value('board')))),
  );
  const [row] = await statement.execute({ id, user: owner.userId, board: owner.boardId });
  return row;
}

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The columns a create writes, under the model table's name: Drizzle's insert from a select wants the select's
 * fields to be the table's columns, and the serial `id` and generated `search` are not written. Not a schema
 * export, so drizzle-kit never sees it.
 */
function writtenColumns(name: string) {
  return pgTable(name, {
    userId: integer('user_id').notNull(),
    boardId: integer('board_id').notNull(),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    position: integer('position').notNull(),
    sortAt: instant('sort_at').notNull(),
    data: jsonb('data').notNull(),
  });
}

/**
 * Inserts a record only if the board is the caller's: the row is selected from the caller's board
 * (`insert ... select ... from boards where id = board and user_id = user`), so a create is one statement.
 * Undefined: not the caller's board (403). Ordered models without a position go last on their board.
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
  const statement = preparedOnce(db, `${entry.def.name}:insert:${hasPosition}`, () => {
    const t = entry.table;
    const last = db
      .select({ next: sql<number>`coalesce(max(${t.position}), -1) + 1` })
      .from(t)
      .where(and(eq(t.userId, boards.userId), eq(t.boardId, boards.id)));
    const owned = db
      .select({
        userId: boards.userId,
        boardId: boards.id,
        createdAt: sql<Date>`${value('now')}::timestamptz`.as('created_at'),
        updatedAt: sql<Date>`${value('now')}::timestamptz`.as('updated_at'),
        position: (hasPosition
          ? sql<number>`${value('position')}::int`
          : byPosition
            ? sql<number>`${last}`
            : sql<number>`0`
        ).as('position'),
        sortAt: sql<Date>`${value('sortAt')}::timestamptz`.as('sort_at'),
        data: sql<unknown>`${value('data')}::jsonb`.as('data'),
      })
      .from(boards)
      .where(and(eq(boards.id, value('board')), eq(boards.userId, value('user'))));
    return db.insert(writtenColumns(entry.def.name)).select(owned).returning(pageColumns(t));
  });
  const [row] = await statement.execute({
    user: owner.userId,
    board: owner.boardId,
    now: now.toISOString(),
    sortAt: sortInstant(entry, data, now).toISOString(),
    data: JSON.stringify(data),
    ...(hasPosition ? { position } : {}),
  });
  return row;
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
  const statement = preparedOnce(db, `${entry.def.name}:update`, () => {
    const t = entry.table;
    return db
      .update(t)
      .set({
        data: sql`${value('data')}::jsonb`,
        updatedAt: sql`${value('updatedAt')}::timestamptz`,
        sortAt: sql`${value('sortAt')}::timestamptz`,
        position: sql`coalesce(${value('position')}::int, ${t.position})`,
      })
      .where(
        and(
          eq(t.id, value('id')),
          eq(t.userId, value('user')),
          eq(t.boardId, value('board')),
          eq(sql`date_trunc('milliseconds', ${t.updatedAt})`, sql`${value('readAt')}::timestamptz`),
        ),
      )
      .returning(pageColumns(t));
  });
  const [row] = await statement.execute({
    data: JSON.stringify(data),
    updatedAt: updatedAt.toISOString(),
    sortAt: sortInstant(entry, data, read.createdAt).toISOString(),
    position: typeof position === 'number' ? position : null,
    id: read.id,
    user: owner.userId,
    board: owner.boardId,
    readAt: read.updatedAt.toISOString(),
  });
  return row;
}
