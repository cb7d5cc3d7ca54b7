import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import { AppError, invalid, isUniqueViolation, notFound } from '../../errors';
import { authOf } from '../../types';
import type { StoredBlob } from './blob-store';
import { bytesStoredBy, deleteOwnUpload, findUpload, recordUpload } from './upload-records';
import {
  allowedImageNames,
  MAX_IMAGE_BYTES,
  MAX_SEALED_IMAGE_BYTES,
  SEALED_IMAGE_TYPE,
  uploadIdPattern,
} from '@lifeboard/shared/models/images';
import { isSealedBytes } from '@lifeboard/shared/crypto/images';
import { sharedEntry } from '../shared-pages/service';
import { detectImageType } from './image-type';
import { documented, errorResponses, errorsOf } from '../../openapi';

/** Uploads per IP per minute: enough to paste a gallery, not enough to fill a disk quickly. */
export const UPLOADS_PER_MINUTE = 60;

const newUploadId = () => randomBytes(16).toString('base64url');
export const uploadPath = (id: string) => `/api/uploads/${id}`;

const tooLarge = () =>
  new AppError(413, 'LB-UPLOAD-TOO-LARGE', `Images may be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`);
const wrongType = () =>
  new AppError(415, 'LB-UPLOAD-TYPE', `This file is not an image we accept. Allowed types: ${allowedImageNames}.`);
const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`;
const overQuota = (used: number, quota: number) =>
  new AppError(
    413,
    'LB-UPLOAD-QUOTA',
    `Your images already use ${megabytes(used)} of your ${megabytes(quota)}; this one does not fit. Delete images you no longer need to make room.`,
  );
const noFile = () =>
  invalid(
    { file: ['is required: send one image as the multipart field "file"'] },
    'Send one image as the multipart field "file".',
  );

const moreThanOneFile = () =>
  new AppError(400, errorCodes.badRequest, 'Send one image at a time: this upload has more than one file.');

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

const notSealed = () =>
  new AppError(
    415,
    'LB-UPLOAD-NOT-SEALED',
    'This image is not encrypted: an encrypted journal uploads its images sealed in the browser. Reload the page and try again.',
  );

/** Reads the one file part, mapping the parser's failures to the contract's answers. */
async function readImagePart(part: MultipartFile): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw invalid({ file: ['could not be read'] }, 'The upload could not be read; please try again.');
  }
  // When a chunk ends exactly at the limit, the parser marks the file truncated after toBuffer read its last
  // chunk, and toBuffer returns the first 10 MB without an error: the flag is the only sign.
  if (part.file.truncated) throw tooLarge();
  return bytes;
}

/**
 * Every part of a multipart upload, so a second file is seen (the parser's `files: 1` limit raises it) before
 * anything is stored: the contract takes one file, and storing the first of five while answering 201 would hide
 * the rest. Gives the file's bytes and the text fields before it.
 */
async function readUpload(
  request: FastifyRequest,
  fileSize?: number,
): Promise<{ bytes: Buffer | undefined; fields: Map<string, string> }> {
  const fields = new Map<string, string>();
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts(fileSize ? { limits: { fileSize } } : undefined)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        // Read it away (bounded by the size limit) so the parser ends the request normally before we answer.
        await part.toBuffer().catch(() => undefined);
        throw noFile();
      }
      bytes = await readImagePart(part);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (errorCode(error) === 'FST_FILES_LIMIT') throw moreThanOneFile();
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw noFile();
  }
  return { bytes, fields };
}

const uploaded = documented(
  z
    .object({
      success: z.literal(true),
      id: z.string().describe('128 random bits, base64url.'),
      url: z.string().describe('The path of `GET /api/uploads/{id}`.'),
    })
    .meta({ description: 'Stored.' }),
);
const imageTooLarge = documented(
  z
    .union([
      z.object({
        success: z.literal(false),
        error: z.string(),
        code: z.enum(['LB-UPLOAD-TOO-LARGE', 'LB-UPLOAD-QUOTA']),
      }),
      errorResponses[413],
    ])
    .meta({
      description: `The image is over ${MAX_IMAGE_BYTES / (1024 * 1024)} MB (LB-UPLOAD-TOO-LARGE), the account's images would pass UPLOAD_QUOTA_MB (LB-UPLOAD-QUOTA), or the whole body over the body limit.`,
    }),
);
export const uploadDeleted = documented(
  z
    .object({ success: z.literal(true), id: z.string() })
    .meta({ description: 'Deleted, bytes included; the id answers 404 from now on.' }),
);
/** The stored bytes with their stored type (never JSON): a binary body under each type the API accepts. */
const imageBytes = {
  description: 'The image, with its stored type, `nosniff`, `inline`, immutable caching and a sandboxing CSP.',
  content: { 'image/*': { schema: documented(z.unknown().meta({ type: 'string', format: 'binary' })) } },
};

/**
 * Images, videos and audio show in the page; any other file (a lesson's PDF or ZIP) is saved, under the name asked
 * for (RFC 6266, so any language's name survives; quotes and controls are dropped from the plain fallback).
 */
export function dispositionOf(contentType: string, name: string | undefined): string {
  if (/^(?:image|video|audio)\//.test(contentType)) return 'inline';
  if (!name) return 'attachment';
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** `POST /api/uploads/image` (signed in, multipart) and `GET /api/uploads/:id` (public, immutable bytes). */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const store = app.blobStore;
  // Registered inside this plugin: the multipart parser exists for these routes only.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 20, headerPairs: 100 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/uploads/image',
    {
      schema: {
        tags: ['uploads'],
        summary: `Upload one image (multipart field "file"; ${allowedImageNames}; at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB)`,
        description:
          'The type is decided from the bytes, not the declared content type. Answers `{ success, id, url }`; `url` is the path of GET /api/uploads/{id}.',
        consumes: ['multipart/form-data'],
        response: { 201: uploaded, 413: imageTooLarge, ...errorsOf(400, 415) },
      },
      onRequest: app.authenticate,
      config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          'LB-UPLOAD-NOT-MULTIPART',
          'Send the image as multipart/form-data with one field named "file".',
        );
      }
      const { bytes } = await readUpload(request);
      if (!bytes) throw noFile();
      const contentType = detectImageType(bytes);
      if (!contentType) throw wrongType();

      const quota = app.env.UPLOAD_QUOTA_MB * MB;
      const used = await bytesStoredBy(app.db, userId);
      if (used + bytes.length > quota) throw overQuota(used, quota);

      const id = newUploadId();
      const key = `images/${id}`;
      await store.put(key, bytes, contentType);
      try {
        await recordUpload(app.db, { id, userId, key, contentType, bytes: bytes.length });
      } catch (error) {
        // No row, no way to reach the bytes: do not leave them behind.
        await store.delete(key).catch(() => undefined);
        throw error;
      }
      return reply.code(201).send({ success: true as const, id, url: uploadPath(id) });
    },
  );

  api.get(
    '/api/uploads/:id',
    {
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded image, public (the id is unguessable)',
        security: [],
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({
          name: z
            .string()
            .max(200)
            .optional()
            .describe('The name a downloaded file (not an image, video or audio) is saved under.'),
        }),
        response: { 200: imageBytes, ...errorsOf(404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!uploadIdPattern.test(id)) throw notFound('No such image.');
      const row = await findUpload(app.db, id);
      // A sealed image is its owner's only (GET /api/uploads/sealed/:id), even if its id leaked.
      const blob = row && row.contentType !== SEALED_IMAGE_TYPE ? await store.get(row.key) : null;
      if (!row || !blob) throw notFound('No such image.');
      return (
        reply
          .header('Content-Type', row.contentType)
          .header('Content-Length', String(blob.size))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Disposition', dispositionOf(row.contentType, request.query.name))
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          // Even if a browser were talked into rendering it as a document, nothing in it could run or load.
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          // The site is another origin (another port in development): it must be allowed to embed the image.
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .send(blob.body)
      );
    },
  );

  /** Sends sealed bytes: opaque to the browser too (never rendered, never sniffed), and not for other sites. */
  const sendSealed = (reply: FastifyReply, blob: StoredBlob, cache: string) =>
    reply
      .header('Content-Type', SEALED_IMAGE_TYPE)
      .header('Content-Length', String(blob.size))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'attachment')
      .header('Cache-Control', cache)
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(blob.body);

  api.post(
    '/api/uploads/sealed',
    {
      schema: {
        tags: ['uploads'],
        summary: `Upload one image of an encrypted entry, sealed in the browser (multipart: field "id", then file "file"; at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB before sealing)`,
        description:
          'The bytes are AES-GCM ciphertext in the binary form of the encryption format (version byte first); the server stores them as they are, never sniffing or resizing them. `id` is made on the device (128 random bits, base64url) because the ciphertext is bound to it. Only the owner can read it back (GET /api/uploads/sealed/{id}).',
        consumes: ['multipart/form-data'],
        response: {
          201: documented(
            z.object({ success: z.literal(true), id: z.string() }).meta({ description: 'Stored, as sent.' }),
          ),
          413: imageTooLarge,
          ...errorsOf(400, 409, 415),
        },
      },
      onRequest: app.authenticate,
      config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      if (!request.isMultipart())
        throw new AppError(
          415,
          'LB-UPLOAD-NOT-MULTIPART',
          'Send the sealed image as multipart/form-data with the fields "id" and "file".',
        );
      const { bytes, fields } = await readUpload(request, MAX_SEALED_IMAGE_BYTES);
      const id = fields.get('id');
      if (!id || !uploadIdPattern.test(id))
        throw invalid({ id: ['must be 22 characters of base64url (128 random bits)'] }, 'The image has no valid id.');
      if (!bytes) throw noFile();
      if (!isSealedBytes(bytes)) throw notSealed();

      const quota = app.env.UPLOAD_QUOTA_MB * MB;
      const used = await bytesStoredBy(app.db, userId);
      if (used + bytes.length > quota) throw overQuota(used, quota);
      if (await findUpload(app.db, id))
        throw new AppError(
          409,
          errorCodes.conflict,
          'An image with this id exists already; seal it again under a new id.',
        );

      // A key of the server's own: two uploads racing for one id never write over each other's bytes.
      const key = `sealed/${newUploadId()}`;
      await store.put(key, bytes, SEALED_IMAGE_TYPE);
      try {
        await recordUpload(app.db, { id, userId, key, contentType: SEALED_IMAGE_TYPE, bytes: bytes.length });
      } catch (error) {
        await store.delete(key).catch(() => undefined);
        throw isUniqueViolation(error)
          ? new AppError(
              409,
              errorCodes.conflict,
              'An image with this id exists already; seal it again under a new id.',
            )
          : error;
      }
      return reply.code(201).send({ success: true as const, id });
    },
  );

  const sealedBytes = {
    description: 'The sealed bytes, as uploaded (`application/octet-stream`, `nosniff`, never shown as a page).',
    content: { [SEALED_IMAGE_TYPE]: { schema: documented(z.unknown().meta({ type: 'string', format: 'binary' })) } },
  };

  api.get(
    '/api/uploads/sealed/:id',
    {
      schema: {
        tags: ['uploads'],
        summary: "One of your sealed images (an encrypted entry's), for your browser to decrypt",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: sealedBytes, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const { id } = request.params;
      const row = uploadIdPattern.test(id) ? await findUpload(app.db, id) : undefined;
      const blob =
        row && row.userId === userId && row.contentType === SEALED_IMAGE_TYPE ? await store.get(row.key) : null;
      if (!blob) throw notFound('No such image.');
      return sendSealed(reply, blob, 'private, max-age=31536000, immutable');
    },
  );

  api.get(
    '/api/public/shared/:slug/images/:id',
    {
      schema: {
        tags: ['shared_page'],
        summary: "An image of a shared encrypted entry's page, sealed under the page's key (public while shared)",
        security: [],
        params: z.object({ slug: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/), id: z.string().max(100) }),
        response: { 200: sealedBytes, ...errorsOf(404) },
      },
    },
    async (request, reply) => {
      const { slug, id } = request.params;
      const found = uploadIdPattern.test(id) ? await sharedEntry(app.db, slug) : null;
      const listed = found?.page.data.sealed_images;
      const row =
        found && Array.isArray(listed) && listed.includes(id) && typeof found.page.data.sealed === 'string'
          ? await findUpload(app.db, id)
          : undefined;
      const blob =
        row && row.userId === found?.page.userId && row.contentType === SEALED_IMAGE_TYPE
          ? await store.get(row.key)
          : null;
      if (!blob) throw notFound('No such image.');
      // Not cached: revoking the page must stop the image at once.
      return sendSealed(reply, blob, 'no-store');
    },
  );

  api.post(
    '/api/uploads/delete',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Delete one of your images (entries showing it will show a broken image)',
        body: z.object({ id: z.string().max(100) }).strict(),
        response: { 200: uploadDeleted, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { id } = request.body;
      const key = uploadIdPattern.test(id) ? await deleteOwnUpload(app.db, userId, id) : undefined;
      if (!key) throw notFound('No such image.');
      await store.delete(key);
      return { success: true as const, id };
    },
  );
}
