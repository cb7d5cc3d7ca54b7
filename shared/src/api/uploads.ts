import { $config } from '../stores/config';
import { isSuccessStatus, send } from './client';
import { ApiError, BadResponseError, errorFromResponse } from './errors';

/**
 * Image uploads (issue 5): the editor posts the file here and puts the returned URL in `<img src>`,
 * so an entry never carries base64 image data (the server's sanitizer drops `data:` images anyway).
 * Server side: `POST /api/uploads/image` (multipart, field `file`), answers `{ success, id, url }`
 * where `url` is the path `/api/uploads/{id}`; `GET /api/uploads/{id}` serves the bytes publicly.
 */

export interface UploadedImage {
  /** Unguessable id (base64url, ≥128 bits). */
  id: string;
  /** Absolute URL, ready for `<img src>`. */
  url: string;
}

import { MAX_IMAGE_BYTES } from '../models/images';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A path from the server becomes absolute against the API base; an absolute http(s) URL (object storage) is kept. */
export function absoluteUploadUrl(url: string, apiUrl: string = $config.get().apiUrl): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${apiUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Where an uploaded image is served, by its id (a program's cover keeps only the id). */
export function uploadUrl(id: string, apiUrl?: string): string {
  return absoluteUploadUrl(`/api/uploads/${encodeURIComponent(id)}`, apiUrl);
}

/** Deletes one of the caller's images; true when it is gone (a 404 means it already was, or was never theirs). */
export async function deleteUpload(id: string): Promise<boolean> {
  const { status } = await send({ method: 'POST', url: '/api/uploads/delete', data: { id } });
  return isSuccessStatus(status) || status === 404;
}

/**
 * Uploads one image. Resolves to `{ id, url }`; rejects with an `Error` (an `ApiError` subclass) carrying the
 * server's message for a refused type (415), a file too large (413), a missing file (422), a 401, or
 * `The server could not be reached.` when no answer came.
 */
export interface UploadOptions {
  /** Cancels the upload (the promise then rejects with axios's CanceledError). */
  signal?: AbortSignal;
  /** Called as bytes are sent, with the fraction sent (0–1), for a progress bar. */
  onProgress?: (fraction: number) => void;
}

export async function uploadImage(file: Blob, fileName?: string, options: UploadOptions = {}): Promise<UploadedImage> {
  // Refused here with the server's words: sending 10 MB only to hear "too large" wastes the user's bandwidth.
  if (file.size > MAX_IMAGE_BYTES)
    throw new ApiError(`Images may be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`, 413);
  const form = new FormData();
  const name = fileName ?? (typeof File !== 'undefined' && file instanceof File && file.name ? file.name : 'image');
  // Wrapped in a File rather than passing the name to append(): some FormData implementations drop that argument.
  form.append('file', new File([file], name, { type: file.type }));
  const { onProgress, signal } = options;
  const { status, body } = await send({
    method: 'POST',
    url: '/api/uploads/image',
    data: form,
    signal,
    onUploadProgress: onProgress
      ? (event) => onProgress(event.total ? Math.min(1, event.loaded / event.total) : 0)
      : undefined,
  });
  if (!isSuccessStatus(status) || !isRecord(body) || body.success !== true) throw errorFromResponse(status, body);
  if (typeof body.id !== 'string' || typeof body.url !== 'string') {
    throw new BadResponseError('The upload answer had no id or url.', status, body);
  }
  return { id: body.id, url: absoluteUploadUrl(body.url) };
}

/**
 * An encrypted entry's image (shared/src/crypto/README.md, "Images"): bytes sealed in this browser, uploaded under
 * the id they are bound to. Resolves when stored; rejects with the server's message.
 */
export async function uploadSealedImage(id: string, sealed: Uint8Array<ArrayBuffer>): Promise<void> {
  const form = new FormData();
  // The id first: the server reads it before the bytes.
  form.append('id', id);
  form.append('file', new File([sealed], 'sealed', { type: 'application/octet-stream' }));
  const { status, body } = await send({ method: 'POST', url: '/api/uploads/sealed', data: form });
  if (!isSuccessStatus(status)) throw errorFromResponse(status, body);
}

async function sealedBytes(url: string, missing: string): Promise<Uint8Array> {
  const { status, body } = await send({ method: 'GET', url, responseType: 'arraybuffer' });
  // A browser answers an ArrayBuffer; axios's Node adapter (the unit tests' client) a Buffer.
  if (isSuccessStatus(status) && (body instanceof ArrayBuffer || body instanceof Uint8Array))
    return new Uint8Array(body);
  if (status === 404) throw new ApiError(missing, 404);
  throw errorFromResponse(status, null);
}

/** One of the user's sealed images, as stored (ciphertext). */
export function fetchSealedImage(id: string): Promise<Uint8Array> {
  return sealedBytes(`/api/uploads/sealed/${encodeURIComponent(id)}`, 'This image is no longer there.');
}

/** An image copy of a shared encrypted page, as stored (sealed under the page's key). */
export function fetchSharedPageImage(slug: string, id: string): Promise<Uint8Array> {
  return sealedBytes(
    `/api/public/shared/${encodeURIComponent(slug)}/images/${encodeURIComponent(id)}`,
    'This image is no longer shared.',
  );
}

/** The bytes of one of the site's plain images (to seal it when encryption is turned on). */
export function fetchPlainImage(id: string): Promise<{ type: string; bytes: Uint8Array }> {
  return send({ method: 'GET', url: `/api/uploads/${encodeURIComponent(id)}`, responseType: 'blob' }).then(
    async ({ status, body }) => {
      if (!isSuccessStatus(status) || !(body instanceof Blob)) throw errorFromResponse(status, null);
      return { type: body.type, bytes: new Uint8Array(await body.arrayBuffer()) };
    },
  );
}
