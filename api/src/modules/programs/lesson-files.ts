import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import { models, recordSchema } from '@lifeboard/shared/models';
import { uploadIdPattern } from '@lifeboard/shared/models/images';
import { lessonFileNames, MAX_LESSON_FILE_BYTES, MAX_LESSON_FILES } from '@lifeboard/shared/models/lesson-files';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { AppError, invalid, notFound } from '../../errors';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { detectLessonFileType } from '../uploads/file-type';
import { UPLOADS_PER_MINUTE } from '../uploads';
import { bytesStoredBy, deleteUpload, recordUpload, uploadShownInRecords } from '../uploads/upload-records';

const MB = 1024 * 1024;
const tooLarge = () =>
  new AppError(413, errorCodes.uploadTooLarge, `A lesson file may be at most ${MAX_LESSON_FILE_BYTES / MB} MB.`);
const noFile = () =>
  invalid({ file: ['is required'] }, 'Send the chapter_id field and one file as the multipart field "file".');

const chapterSaved = documented(
  z
    .object({ success: z.literal(true), chapter: recordSchema(models.chapter) })
    .meta({ description: 'The chapter as the chapter model presents it, with its files.' }),
);

interface StoredFile {
  id: string;
  name: string;
  type: string;
  size: number;
}

/** A file name people recognise, without folders or characters a download could trip on. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '').trim();
  return (clean || 'file').slice(0, 200);
}

async function ownChapter(db: Db, userId: number, chapterId: number) {
  const chapters = modelTables.chapter;
  const [row] = await db.select().from(chapters).where(eq(chapters.id, chapterId)).limit(1);
  // Someone else's chapter stays unknown, as everywhere.
  if (!row || row.userId !== userId) throw notFound('No such chapter of yours.');
  return row;
}

const filesOf = (value: unknown): StoredFile[] => (Array.isArray(value) ? (value as StoredFile[]) : []);

function present(row: typeof modelTables.chapter.$inferSelect) {
  return recordSchema(models.chapter).parse({
    ...row.data,
    id: row.id,
    board_id: row.boardId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });
}

/**
 * A lesson's downloadable files: `POST /api/chapter/file` (multipart: `chapter_id`, then `file`) stores one in the
 * uploads storage, checked by its bytes and counted in its creator's quota, and lists it on the chapter;
 * `POST /api/chapter/file/delete` takes it off and deletes it. Only the chapter's creator may do either.
 */
export async function lessonFileRoutes(app: FastifyInstance): Promise<void> {
  const store = app.blobStore;
  await app.register(multipart, {
    limits: { fileSize: MAX_LESSON_FILE_BYTES, files: 1, fields: 5, parts: 10, headerPairs: 100 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/chapter/file',
    {
      schema: {
        tags: ['program'],
        summary: `Attach a file to a lesson (multipart: chapter_id, then file; ${lessonFileNames}; at most ${MAX_LESSON_FILE_BYTES / MB} MB); its creator`,
        description:
          'The type is decided from the bytes. Buyers see the file in the course player once the lesson opens.',
        consumes: ['multipart/form-data'],
        response: { 201: chapterSaved, ...errorsOf(400, 404, 409, 413, 415) },
      },
      onRequest: app.authenticate,
      config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      if (!request.isMultipart())
        throw new AppError(415, errorCodes.uploadNotMultipart, 'Send the file as multipart/form-data.');
      let chapterId: number | null = null;
      let file: { bytes: Buffer; name: string } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'chapter_id') chapterId = Number(part.value);
            continue;
          }
          file = { bytes: await readPart(part), name: cleanName(part.filename) };
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = error instanceof Error && 'code' in error ? error.code : undefined;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (code === 'FST_FILES_LIMIT')
          throw new AppError(400, errorCodes.badRequest, 'Send one file at a time: this upload has more than one.');
        throw noFile();
      }
      const parsedId = dbId.safeParse(chapterId);
      if (!parsedId.success) throw invalid({ chapter_id: ['is required: the chapter the file is for'] });
      if (!file) throw noFile();
      const row = await ownChapter(app.db, userId, parsedId.data);
      if (filesOf(row.data.files).length >= MAX_LESSON_FILES)
        throw new AppError(
          409,
          errorCodes.conflict,
          `A lesson may have at most ${MAX_LESSON_FILES} files: remove one first.`,
        );
      const type = detectLessonFileType(file.bytes);
      if (!type)
        throw new AppError(
          415,
          errorCodes.uploadType,
          `This file is not one a lesson can offer. Allowed: ${lessonFileNames}.`,
        );
      const quota = app.env.UPLOAD_QUOTA_MB * MB;
      const used = await bytesStoredBy(app.db, userId);
      if (used + file.bytes.length > quota)
        throw new AppError(
          413,
          errorCodes.uploadQuota,
          `Your files already use ${Math.round(used / MB)} MB of your ${Math.round(quota / MB)} MB; this one does not fit.`,
        );
      const id = randomBytes(16).toString('base64url');
      const key = `files/${id}`;
      await store.put(key, file.bytes, type);
      const entry: StoredFile = { id, name: file.name, type, size: file.bytes.length };
      try {
        const updated = await app.db.transaction(async (tx) => {
          await recordUpload(tx, { id, userId, key, contentType: type, bytes: file.bytes.length });
          const chapters = modelTables.chapter;
          const [saved] = await tx
            .update(chapters)
            .set({
              data: sql`jsonb_set(${chapters.data}, '{files}', coalesce(${chapters.data}->'files', '[]'::jsonb) || ${JSON.stringify([entry])}::jsonb)`,
              updatedAt: new Date(),
            })
            .where(eq(chapters.id, row.id))
            .returning();
          return saved;
        });
        return reply.code(201).send({ success: true as const, chapter: present(updated) });
      } catch (error) {
        // No row names the bytes: do not leave them behind.
        await store.delete(key).catch(() => undefined);
        throw error;
      }
    },
  );

  api.post(
    '/api/chapter/file/delete',
    {
      schema: {
        tags: ['program'],
        summary:
          "Take a file off a lesson and delete it (unless another of the creator's records shows it); its creator",
        body: z.object({ chapter_id: dbId, file_id: z.string().max(100) }).strict(),
        response: { 200: chapterSaved, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { chapter_id: chapterId, file_id: fileId } = request.body;
      const row = await ownChapter(app.db, userId, chapterId);
      const files = filesOf(row.data.files);
      if (!uploadIdPattern.test(fileId) || !files.some((f) => f.id === fileId))
        throw notFound('This lesson has no such file.');
      const { updated, key } = await app.db.transaction(async (tx) => {
        const chapters = modelTables.chapter;
        const [saved] = await tx
          .update(chapters)
          .set({
            data: sql`jsonb_set(${chapters.data}, '{files}', ${JSON.stringify(files.filter((f) => f.id !== fileId))}::jsonb)`,
            updatedAt: new Date(),
          })
          .where(eq(chapters.id, row.id))
          .returning();
        const gone = (await uploadShownInRecords(tx, userId, fileId)) ? undefined : await deleteUpload(tx, fileId);
        return { updated: saved, key: gone };
      });
      if (key)
        await store
          .delete(key)
          .catch((error: unknown) => request.log.error({ err: error, key }, 'a lesson file could not be removed'));
      return { success: true as const, chapter: present(updated) };
    },
  );
}

async function readPart(part: MultipartFile): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw invalid({ file: ['could not be read'] }, 'The upload could not be read; please try again.');
  }
  if (part.file.truncated) throw tooLarge();
  return bytes;
}
