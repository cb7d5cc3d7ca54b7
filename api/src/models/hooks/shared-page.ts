import { and, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { isCiphertext } from '@lifeboard/shared/crypto/format';
import { modelTables } from '../../db/model-tables';
import { invalid, notFound } from '../../errors';
import type { HookContext, ModelHooks, RecordData } from '../model-hooks';

/**
 * A shared page may only point at an entry or note of the caller's own: checked on create and on every update.
 * The server cannot read an encrypted entry, so its page must carry the browser's sealed copy (title, body and date
 * under a page key the server never sees, shared/src/crypto/README.md); a plain entry's page shows the entry itself
 * and carries none.
 */
async function requireOwnSource(ctx: HookContext, data: RecordData): Promise<void> {
  const source = data.source_model === 'note' ? modelTables.note : modelTables.journal_entry;
  const [row] = await ctx.app.db
    .select({ id: source.id, encrypted: sql<boolean>`(${source.data}->>'encrypted') = 'true'` })
    .from(source)
    .where(and(eq(source.id, Number(data.source_id)), eq(source.userId, ctx.userId)))
    .limit(1);
  if (!row) throw notFound('No such entry to share.');
  const sealed = data.sealed ?? null;
  const sealedKey = data.sealed_key ?? null;
  if (row.encrypted) {
    if (!isCiphertext(sealed) || !isCiphertext(sealedKey))
      throw invalid(
        {
          ...(isCiphertext(sealed) ? {} : { sealed: ['must be the entry sealed in the browser'] }),
          ...(isCiphertext(sealedKey) ? {} : { sealed_key: ['must be the page key sealed in the browser'] }),
        },
        'This entry is encrypted end to end: unlock your journal to share it.',
      );
  } else if (sealed !== null || sealedKey !== null)
    throw invalid(
      { sealed: ['is only for an encrypted entry'] },
      'This entry is not encrypted: its page shows the entry itself.',
    );
}

/** Sharing needs a source the caller owns; the slug is made here, 128 random bits, never taken from the client. */
export const sharedPageHooks: ModelHooks = {
  beforeCreate: async (ctx, data) => {
    await requireOwnSource(ctx, data);
    return {
      ...data,
      slug: randomBytes(16).toString('base64url'),
      revoked_at: data.revoked_at ?? null,
      sealed: data.sealed ?? null,
      sealed_key: data.sealed_key ?? null,
    };
  },
  beforeUpdate: async (ctx, changes, stored) => {
    // Revoked, an encrypted page's copy is deleted: nothing of it is kept that a leaked link could still open.
    if (changes.revoked_at) return { ...changes, sealed: null, sealed_key: null };
    if (
      changes.revoked_at === null ||
      changes.source_model !== undefined ||
      changes.source_id !== undefined ||
      changes.sealed !== undefined ||
      changes.sealed_key !== undefined
    )
      await requireOwnSource(ctx, { ...stored, ...changes });
    return changes;
  },
  createErrors: [404],
};
