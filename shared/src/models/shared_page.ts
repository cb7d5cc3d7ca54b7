import { z } from './zod';
import { defineModel } from './define';
import { isoInstant } from './fields';
import { uploadIdPattern } from './images';

/** A public, read-only copy of an entry or note at `/a/:slug`. */
export const shared_page = defineModel({
  name: 'shared_page',
  state: 'sharedPages',
  label: 'Shared page',
  plural: 'Shared pages',
  fields: z.object({
    slug: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
    source_model: z.enum(['journal_entry', 'note']),
    source_id: z.number().int().positive(),
    revoked_at: isoInstant.nullable(),
    /**
     * An encrypted entry's share (shared/src/crypto/README.md, "Sharing"): its title, body and date sealed in the
     * browser under a fresh page key, which rides only in the link's fragment. The server cannot read it.
     */
    sealed: z.string().max(1_500_000, 'must be at most 1,500,000 characters').nullable(),
    /** The page key sealed with the owner's data key, so the owner's devices can show the link again. */
    sealed_key: z.string().max(200, 'must be at most 200 characters').nullable(),
    /**
     * The images of an encrypted entry's share: copies sealed under the page key (the page's body names them), the
     * owner's sealed uploads, served signed out while the share stands and deleted when it is revoked.
     */
    sealed_images: z.array(z.string().regex(uploadIdPattern)).max(200, 'must be at most 200 images').nullable(),
  }),
  required: ['source_model', 'source_id'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: [],
  richText: [],
  titleField: 'slug',
  fieldWords: {
    source_model: { label: 'Shares a' },
    revoked_at: { input: { kind: 'managed' } },
    sealed: { input: { kind: 'managed' } },
    sealed_key: { input: { kind: 'managed' } },
    sealed_images: { input: { kind: 'managed' } },
  },
  // The slug is the public address: 128 random bits made by the server, never chosen or changed by a client.
  serverOwned: ['slug'],
});
