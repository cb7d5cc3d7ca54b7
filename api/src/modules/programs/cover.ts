import { models, recordSchema } from '@lifeboard/shared/models';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { modelTables } from '../../db/model-tables';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import { AppError, forbidden, notFound } from '../../errors';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import type { BlobStore } from '../uploads/blob-store';
import { deleteUpload, findOwnUpload, transferUpload, uploadShownInRecords } from '../uploads/upload-records';
import { uploadId } from '../uploads/routes';

/** What a cover may be: photos and artwork a browser shows everywhere, decided from the bytes when uploaded. */
export const coverTypes: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
export const coverTypeNames = 'JPEG, PNG or WebP';

export const coverSet = documented(
  z
    .object({ success: z.literal(true), program: recordSchema(models.program) })
    .meta({ description: 'The program as the program model presents it, with its new cover (or none).' }),
);

/**
 * `POST /api/program/cover { program_id, upload_id | null }`: the image is first uploaded the one way every image is
 * (`POST /api/uploads/image`, which checks its bytes and size), then attached here by its owner or an admin.
 * The attached image then belongs to the program's creator; the cover it replaces is deleted, bytes included.
 */
export async function programCoverRoutes(app: FastifyInstance, options: { store: BlobStore }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const programs = modelTables.program;
  const present = recordSchema(models.program);

  api.post(
    '/api/program/cover',
    {
      schema: {
        tags: ['program'],
        summary: `Set a program's cover to an image you uploaded (${coverTypeNames}), or remove it (upload_id null); the program's creator or an admin`,
        description:
          "Upload the image with `POST /api/uploads/image` first. The image then belongs to the program's creator, and the cover it replaces is deleted.",
        body: z.object({ program_id: dbId, upload_id: z.string().max(100).nullable() }).strict(),
        response: { 200: coverSet, ...errorsOf(403, 404, 409, 415) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId, role } = authOf(request);
      const { program_id: programId, upload_id: next } = request.body;
      const { row, replacedKey } = await app.db.transaction(async (tx) => {
        const [program] = await tx.select().from(programs).where(eq(programs.id, programId)).for('update');
        const mayChange = program && (program.userId === userId || role === 'admin');
        // Someone else's draft stays unknown, as everywhere; a listed program may be seen, not changed.
        if (!program || (!mayChange && program.data.status !== 'published')) throw notFound('No such program.');
        if (!mayChange) throw forbidden("Only the program's creator or an admin may change its cover.");
        if (next !== null) {
          const upload = uploadId.test(next) ? await findOwnUpload(tx, userId, next) : undefined;
          if (!upload) throw notFound('No such image of yours: upload the cover first.');
          if (!coverTypes.includes(upload.contentType))
            throw new AppError(415, errorCodes.coverType, `A cover must be a ${coverTypeNames} image.`);
          // One image, one cover: replacing a cover deletes its image, which must not take another program's with it.
          const [elsewhere] = await tx
            .select({ id: programs.id })
            .from(programs)
            .where(and(sql`${programs.data}->>'cover' = ${next}`, ne(programs.id, programId)))
            .limit(1);
          if (elsewhere)
            throw new AppError(
              409,
              errorCodes.conflict,
              'This image is already the cover of another program: upload it again for this one.',
            );
          if (program.userId !== userId) await transferUpload(tx, next, program.userId);
        }
        const previous = typeof program.data.cover === 'string' ? program.data.cover : null;
        const [updated] = await tx
          .update(programs)
          .set({
            data:
              next === null
                ? sql`${programs.data} - 'cover'`
                : sql`jsonb_set(${programs.data}, '{cover}', to_jsonb(${next}::text))`,
            updatedAt: new Date(),
          })
          .where(eq(programs.id, programId))
          .returning();
        // The replaced image goes with it, unless one of the creator's records still shows it.
        const replacedKey =
          previous && previous !== next && !(await uploadShownInRecords(tx, program.userId, previous))
            ? await deleteUpload(tx, previous)
            : undefined;
        return { row: updated, replacedKey };
      });
      // After the commit: a failure here leaves unreachable bytes (no row names them), never a cover without its image.
      if (replacedKey)
        await options.store
          .delete(replacedKey)
          .catch((error: unknown) =>
            request.log.error({ err: error, key: replacedKey }, 'a replaced cover could not be removed'),
          );
      return {
        success: true as const,
        program: present.parse({
          ...row.data,
          id: row.id,
          board_id: row.boardId,
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
        }),
      };
    },
  );
}
