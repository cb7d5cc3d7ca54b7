import { isCiphertext } from '@lifeboard/shared/crypto/format';
import { PBKDF2_ITERATIONS } from '@lifeboard/shared/crypto/keys';
import { encryptedFields, type EncryptableModel } from '@lifeboard/shared/crypto/records';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { encryptionKeys } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';

/**
 * The key material of end-to-end encryption (shared/src/crypto/README.md). The server keeps wraps it cannot
 * open, and refuses what would lose entries: turning off while any is still encrypted.
 */

const wrapped = z.string().max(200).refine(isCiphertext, 'must be a wrapped key (lbe: and base64url, version 1)');
const kdf = z
  .object({
    name: z.literal('PBKDF2-SHA-256'),
    iterations: z
      .number()
      .int()
      .min(PBKDF2_ITERATIONS, `must be at least ${PBKDF2_ITERATIONS.toLocaleString('en')}`)
      .max(10_000_000),
    salt: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'must be 16 bytes in base64url'),
  })
  .strict();

const material = z.object({
  state: z.enum(['on', 'turning_off']),
  key_version: z.number().int(),
  kdf,
  wrapped_key: z.string(),
  wrapped_recovery: z.string(),
  updated_at: z.string(),
});
const materialAnswer = documented(
  z
    .object({ success: z.literal(true), encryption: material.nullable() })
    .meta({ description: 'The wrapped keys, or null while encryption is off.' }),
);
const progressAnswer = documented(
  z
    .object({
      success: z.literal(true),
      progress: z.record(z.string(), z.object({ total: z.number().int(), encrypted: z.number().int() })),
    })
    .meta({ description: 'How many journal entries and notes there are, and how many of them are encrypted.' }),
);

type Row = typeof encryptionKeys.$inferSelect;

function present(row: Row | undefined): z.infer<typeof material> | null {
  if (!row) return null;
  return {
    state: row.state,
    key_version: row.keyVersion,
    kdf: row.kdf,
    wrapped_key: row.wrappedKey,
    wrapped_recovery: row.wrappedRecovery,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function readRow(db: Db, userId: number): Promise<Row | undefined> {
  const [row] = await db.select().from(encryptionKeys).where(eq(encryptionKeys.userId, userId));
  return row;
}

/** Per encryptable model, how many of the user's records there are and how many are encrypted (every board). */
export async function encryptionProgress(db: Db, userId: number) {
  const progress: Record<string, { total: number; encrypted: number }> = {};
  for (const model of Object.keys(encryptedFields) as EncryptableModel[]) {
    const table = modelTables[model];
    const [row] = await db
      .select({
        total: count(),
        encrypted: sql<number>`count(*) filter (where ${table.data}->>'encrypted' = 'true')`.mapWith(Number),
      })
      .from(table)
      .where(eq(table.userId, userId));
    progress[model] = { total: row?.total ?? 0, encrypted: row?.encrypted ?? 0 };
  }
  return progress;
}

const conflict = (message: string) => new AppError(409, errorCodes.conflict, message);

export async function encryptionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const guard = { onRequest: app.authenticate };

  api.get(
    '/api/encryption',
    { schema: { tags, summary: 'The wrapped encryption keys, or null', response: { 200: materialAnswer } }, ...guard },
    async (request) => ({
      success: true as const,
      encryption: present(await readRow(app.db, authOf(request).userId)),
    }),
  );

  api.get(
    '/api/encryption/progress',
    { schema: { tags, summary: 'Encrypted records so far', response: { 200: progressAnswer } }, ...guard },
    async (request) => ({ success: true as const, progress: await encryptionProgress(app.db, authOf(request).userId) }),
  );

  api.post(
    '/api/encryption/enable',
    {
      schema: {
        tags,
        summary: 'Turn encryption on: store the wrapped data key and its recovery copy',
        body: z.object({ key_version: z.literal(1), kdf, wrapped_key: wrapped, wrapped_recovery: wrapped }).strict(),
        response: { 201: materialAnswer, ...errorsOf(409) },
      },
      ...guard,
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const body = request.body;
      const [row] = await app.db
        .insert(encryptionKeys)
        .values({
          userId,
          state: 'on',
          keyVersion: body.key_version,
          kdf: body.kdf,
          wrappedKey: body.wrapped_key,
          wrappedRecovery: body.wrapped_recovery,
        })
        .onConflictDoNothing()
        .returning();
      // Another key would make every entry encrypted under the first one unreadable.
      if (!row) throw conflict('Encryption is already on for your account. Unlock it with your passphrase.');
      return reply.code(201).send({ success: true as const, encryption: present(row) });
    },
  );

  api.post(
    '/api/encryption/passphrase',
    {
      schema: {
        tags,
        summary: 'A new passphrase: the same data key wrapped again (records are untouched)',
        body: z.object({ kdf, wrapped_key: wrapped, expected_updated_at: z.iso.datetime({ offset: true }) }).strict(),
        response: { 200: materialAnswer, ...errorsOf(404, 409) },
      },
      ...guard,
    },
    async (request) => {
      const { userId } = authOf(request);
      const current = await readRow(app.db, userId);
      if (!current) throw notFound('Encryption is off for your account.');
      const [row] = await app.db
        .update(encryptionKeys)
        .set({ kdf: request.body.kdf, wrappedKey: request.body.wrapped_key, updatedAt: new Date() })
        .where(
          and(
            eq(encryptionKeys.userId, userId),
            // At the millisecond the answer gave: PostgreSQL keeps microseconds, an ISO text carries milliseconds.
            sql`date_trunc('milliseconds', ${encryptionKeys.updatedAt}) = ${new Date(request.body.expected_updated_at).toISOString()}::timestamptz`,
          ),
        )
        .returning();
      if (!row) throw conflict('Your passphrase was changed on another device meanwhile. Reload and try again.');
      return { success: true as const, encryption: present(row) };
    },
  );

  api.post(
    '/api/encryption/state',
    {
      schema: {
        tags,
        summary: 'Start (or take back) turning encryption off',
        body: z.object({ state: z.enum(['on', 'turning_off']) }).strict(),
        response: { 200: materialAnswer, ...errorsOf(404) },
      },
      ...guard,
    },
    async (request) => {
      const [row] = await app.db
        .update(encryptionKeys)
        .set({ state: request.body.state, updatedAt: new Date() })
        .where(eq(encryptionKeys.userId, authOf(request).userId))
        .returning();
      if (!row) throw notFound('Encryption is off for your account.');
      return { success: true as const, encryption: present(row) };
    },
  );

  api.post(
    '/api/encryption/disable',
    {
      schema: {
        tags,
        summary: 'Forget the wrapped keys, once no record is encrypted any more',
        response: { 200: materialAnswer, ...errorsOf(409) },
      },
      ...guard,
    },
    async (request) => {
      const { userId } = authOf(request);
      const progress = await encryptionProgress(app.db, userId);
      const left = Object.values(progress).reduce((sum, one) => sum + one.encrypted, 0);
      if (left > 0)
        throw conflict(
          `${left} ${left === 1 ? 'entry is' : 'entries are'} still encrypted: decrypt them before turning encryption off, or they could never be read again.`,
        );
      await app.db.delete(encryptionKeys).where(eq(encryptionKeys.userId, userId));
      return { success: true as const, encryption: null };
    },
  );
}
