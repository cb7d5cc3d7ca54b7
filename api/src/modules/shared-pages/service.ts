import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';

/** The share with this slug and the entry or note it shares, while the share stands and the entry exists. */
export async function sharedEntry(db: Db, slug: string) {
  const pages = modelTables.shared_page;
  const [page] = await db
    .select()
    .from(pages)
    .where(sql`${pages.data}->>'slug' = ${slug}`)
    .limit(1);
  if (!page || page.data.revoked_at) return null;
  const source = page.data.source_model === 'note' ? modelTables.note : modelTables.journal_entry;
  const [entry] = await db
    .select()
    .from(source)
    .where(and(eq(source.id, Number(page.data.source_id)), eq(source.userId, page.userId)))
    .limit(1);
  return entry ? { page, entry } : null;
}
