import { imageMimeTypes } from './editor-constants';

/**
 * Images never go into an entry as base64: a picked, pasted or dropped image is uploaded and its URL
 * inserted. These helpers are the Quill-free part of that (type check, data-URL decoding, finding an
 * image in the document's operations).
 */

export function isAcceptedImageType(type: string): boolean {
  const accepted: readonly string[] = imageMimeTypes;
  return accepted.includes(type);
}

const dataUrlPattern = /^data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z-]+=[^;,]*)*(;base64)?,(.*)$/is;

/** A `data:` URL's bytes as a Blob (decoded here: `fetch('data:…')` is blocked by the strict connect-src). */
export function dataUrlToBlob(dataUrl: string): Blob | null {
  const match = dataUrlPattern.exec(dataUrl);
  if (!match) return null;
  const type = (match[1] ?? 'text/plain').toLowerCase();
  const payload = match[4];
  try {
    if (match[3]) {
      const binary = atob(payload.replace(/\s+/g, ''));
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return new Blob([bytes], { type });
    }
    return new Blob([decodeURIComponent(payload)], { type });
  } catch {
    return null;
  }
}

/** The file extension for a name the server can show ("pasted-image.png"). */
export function fileNameFor(type: string): string {
  return `pasted-image.${imageExtension(type)}`;
}

/** The usual file extension of an image type ("jpg" for image/jpeg). */
export function imageExtension(type: string): string {
  const extension =
    ({ 'image/jpeg': 'jpg', 'image/x-icon': 'ico', 'image/svg+xml': 'svg' } as Record<string, string>)[type] ??
    type.split('/')[1];
  return extension && /^[a-z0-9.-]{1,20}$/.test(extension) ? extension : 'img';
}

/** The image type a file name's extension says (the ones the site takes), or null. */
export function imageTypeOfName(name: string): string | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const types: Record<string, string> = {
    png: 'image/png',
    gif: 'image/gif',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    bmp: 'image/bmp',
    ico: 'image/x-icon',
    webp: 'image/webp',
  };
  return types[extension] ?? null;
}

interface OpLike {
  insert?: unknown;
  retain?: unknown;
  delete?: number;
}

function insertLength(insert: unknown): number {
  return typeof insert === 'string' ? insert.length : 1;
}

function imageOf(insert: unknown): string | null {
  if (typeof insert !== 'object' || insert === null || !('image' in insert)) return null;
  const image = insert.image;
  return typeof image === 'string' ? image : null;
}

/** The `data:` images a change inserted (each inline image, once). */
export function insertedDataImages(ops: readonly OpLike[]): string[] {
  const found = new Set<string>();
  for (const op of ops) {
    const image = imageOf(op.insert);
    if (image && image.startsWith('data:')) found.add(image);
  }
  return [...found];
}

/** Where in the document (its full contents' ops) the image with this `src` is, or -1. */
export function indexOfImage(ops: readonly OpLike[], src: string): number {
  let index = 0;
  for (const op of ops) {
    if (op.insert === undefined) continue;
    if (imageOf(op.insert) === src) return index;
    index += insertLength(op.insert);
  }
  return -1;
}
