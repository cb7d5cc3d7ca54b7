import { models, recordSchema } from '@lifeboard/shared/models';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { coverTypeNames } from '@lifeboard/shared/models/images';
import { setProgramCover } from './cover-service';

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
export async function programCoverRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
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
      const { row, replacedKey } = await setProgramCover(app.db, { userId, role }, programId, next);
      // After the commit: a failure here leaves unreachable bytes (no row names them), never a cover without its image.
      if (replacedKey)
        await app.blobStore
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
