import type { AnyModelDefinition } from '@lifeboard/shared/models';
import { sql, type SQL } from 'drizzle-orm';
import { bigserial, customType, index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { boards, users } from './core-schema';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Fields only reach SQL as identifiers from our own registry; still, refuse anything that is not a plain name. */
function jsonText(field: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(field)) throw new Error(`unsafe field name ${field}`);
  return sql.raw(`coalesce(data->>'${field}', '')`);
}

/** The words of a model's searchable fields; HTML tags are not indexed because the parser types them as `tag`. */
function searchExpression(def: AnyModelDefinition): SQL {
  if (def.searchable.length === 0) return sql`to_tsvector('simple'::regconfig, '')`;
  return sql`to_tsvector('simple'::regconfig, ${sql.join(def.searchable.map(jsonText), sql` || ' ' || `)})`;
}

/**
 * One table per model, all the same shape: ownership and ordering are real columns with indexes,
 * the validated fields live in `data`, and `search` is a generated full-text vector.
 */
export function modelTable(def: AnyModelDefinition) {
  const name = def.name;
  return pgTable(
    name,
    {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      boardId: integer('board_id')
        .notNull()
        .references(() => boards.id, { onDelete: 'cascade' }),
      createdAt: instant('created_at').notNull(),
      updatedAt: instant('updated_at').notNull(),
      position: integer('position').notNull().default(0),
      sortAt: instant('sort_at').notNull(),
      data: jsonb('data').$type<Record<string, unknown>>().notNull(),
      search: tsvector('search').generatedAlwaysAs(searchExpression(def)),
    },
    (t) => [
      // NULLS FIRST is what ORDER BY ... DESC means; an index built NULLS LAST would not serve it.
      index(`${name}_sort_idx`).on(t.userId, t.boardId, t.sortAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
      index(`${name}_position_idx`).on(t.userId, t.boardId, t.position, t.id),
      // Owner first (btree_gin): a search reads only the caller's board's matches, never everyone's.
      // fastupdate off: every write goes into the index itself, never a pending list. PGlite runs no autovacuum,
      // so a pending list was never merged and every search using the index scanned it whole (migration 0008).
      index(`${name}_owner_search_idx`).using('gin', t.userId, t.boardId, t.search).with({ fastupdate: false }),
    ],
  );
}

export type ModelTable = ReturnType<typeof modelTable>;
