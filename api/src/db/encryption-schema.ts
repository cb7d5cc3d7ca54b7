import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { KdfParams } from '@lifeboard/shared/crypto/keys';
import { users } from './core-schema';

/**
 * A user's end-to-end encryption key material (shared/src/crypto/README.md): the data key wrapped by the
 * passphrase's KEK and by the recovery key, and how the KEK is derived. Nothing here opens a record without the
 * passphrase or the recovery key, which never reach the server.
 */
export const encryptionKeys = pgTable('encryption_keys', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `on`, or `turning_off` while the browser decrypts every record back (resumable). */
  state: text('state').$type<'on' | 'turning_off'>().notNull(),
  keyVersion: integer('key_version').notNull(),
  kdf: jsonb('kdf').$type<KdfParams>().notNull(),
  wrappedKey: text('wrapped_key').notNull(),
  wrappedRecovery: text('wrapped_recovery').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
