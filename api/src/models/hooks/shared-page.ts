import { and, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { isCiphertext } from '@lifeboard/shared/crypto/format';
import { modelTables } from '../../db/model-tables';
import { invalid, notFound } from '../../errors';
import { deleteOwnSealedUploads, ownSealedUploads } from '../../modules/uploads/upload-records';
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
  const images = Array.isArray(data.sealed_images) ? data.sealed_images.map(String) : [];
  if (row.encrypted) {
    const owned = await ownSealedUploads(ctx.app.db, ctx.userId, images);
    if (images.some((id) => !owned.has(id)))
      throw invalid(
        { sealed_images: ['must be your own images, sealed in the browser for this page'] },
        "One of this entry's images could not be shared. Try sharing it again.",
      );
    if (!isCiphertext(sealed) || !isCiphertext(sealedKey))
      throw invalid(
        {
          ...(isCiphertext(sealed) ? {} : { sealed: ['must be the entry sealed in the browser'] }),
          ...(isCiphertext(sealedKey) ? {} : { sealed_key: ['must be the page key sealed in the browser'] }),
        },
        'This entry is encrypted end to end: unlock your journal to share it.',
      );
  } else if (sealed !== null || sealedKey !== null || images.length > 0)
    throw invalid(
      { sealed: ['is only for an encrypted entry'] },
      'This entry is not encrypted: its page shows the entry itself.',
    );
}

/** Deletes a page's image copies (rows, then bytes); they are the page owner's, checked again here. */
async function deleteImageCopies(ctx: HookContext, listed: unknown): Promise<void> {
  const ids = Array.isArray(listed) ? listed.map(String) : [];
  const keys = await deleteOwnSealedUploads(ctx.app.db, ctx.userId, ids);
  await Promise.all(keys.map((key) => ctx.app.blobStore.delete(key).catch(() => undefined)));
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
      sealed_images: data.sealed_images ?? null,
    };
  },
  beforeUpdate: async (ctx, changes, stored) => {
    // Revoked, an encrypted page's copy is deleted, its images too: nothing is kept that a leaked link could open.
    if (changes.revoked_at) {
      await deleteImageCopies(ctx, stored.sealed_images);
      return { ...changes, sealed: null, sealed_key: null, sealed_images: null };
    }
    if (
      changes.revoked_at === null ||
      changes.source_model !== undefined ||
      changes.source_id !== undefined ||
      changes.sealed !== undefined ||
      changes.sealed_key !== undefined ||
      changes.sealed_images !== undefined
    )
      await requireOwnSource(ctx, { ...stored, ...changes });
    return changes;
  },
  createErrors: [404],
};
