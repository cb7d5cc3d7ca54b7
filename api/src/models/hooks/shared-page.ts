import { and, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { modelTables } from '../../db/model-tables';
import { invalid, notFound } from '../../errors';
import type { HookContext, ModelHooks, RecordData } from '../model-hooks';

/**
 * A shared page may only point at an entry or note of the caller's own, and not an encrypted one: checked on create
 * and on every update.
 */
async function requireOwnSource(ctx: HookContext, data: RecordData): Promise<void> {
  const source = data.source_model === 'note' ? modelTables.note : modelTables.journal_entry;
  const [row] = await ctx.app.db
    .select({ id: source.id, encrypted: sql<boolean>`(${source.data}->>'encrypted') = 'true'` })
    .from(source)
    .where(and(eq(source.id, Number(data.source_id)), eq(source.userId, ctx.userId)))
    .limit(1);
  if (!row) throw notFound('No such entry to share.');
  // The server cannot read an encrypted entry, so a page of it would show ciphertext to the world.
  if (row.encrypted)
    throw invalid(
      { source_id: ['is encrypted end to end, so the server cannot show it on a public page'] },
      'This entry is encrypted end to end, so it cannot be shared as a public page.',
    );
}

/** Sharing needs a source the caller owns; the slug is made here, 128 random bits, never taken from the client. */
export const sharedPageHooks: ModelHooks = {
  beforeCreate: async (ctx, data) => {
    await requireOwnSource(ctx, data);
    return { ...data, slug: randomBytes(16).toString('base64url'), revoked_at: data.revoked_at ?? null };
  },
  beforeUpdate: async (ctx, changes, stored) => {
    if (changes.source_model !== undefined || changes.source_id !== undefined)
      await requireOwnSource(ctx, { ...stored, ...changes });
    return changes;
  },
  createErrors: [404],
};
