/**
 * Image types an upload may have (spec §5/§9: png, gif, jpeg, bmp, x-icon; plus webp), decided from the
 * file's first bytes. The client's content-type and file name are never trusted: a script or an SVG sent as
 * `image/png` is refused here, and what we serve back is always one of these types.
 */

import type { ImageType } from '@lifeboard/shared/models/images';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

const readUint16LE = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8);
const readUint32LE = (bytes: Uint8Array, at: number) =>
  (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16)) + bytes[at + 3] * 0x1000000;

/** BMP starts with only "BM": also require a known DIB header size, so arbitrary text starting "BM" is not an image. */
const bmpHeaderSizes = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

function isBmp(bytes: Uint8Array): boolean {
  return bytes.length >= 26 && startsWith(bytes, ascii('BM')) && bmpHeaderSizes.has(readUint32LE(bytes, 14));
}

/** ICO: reserved 0, type 1 (2 would be a cursor), at least one image, and room for the directory. */
function isIco(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0, 0, 1, 0]) || bytes.length < 6) return false;
  const count = readUint16LE(bytes, 4);
  return count > 0 && bytes.length >= 6 + 16 * count;
}

/** WebP: a RIFF container of form WEBP whose first chunk is one of the three WebP encodings. */
function isWebp(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('RIFF')) || !startsWith(bytes, ascii('WEBP'), 8)) return false;
  return ['VP8 ', 'VP8L', 'VP8X'].some((chunk) => startsWith(bytes, ascii(chunk), 12));
}

/** The image type the bytes really are, or null when they are none of the allowed ones. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (isWebp(bytes)) return 'image/webp';
  if (isBmp(bytes)) return 'image/bmp';
  if (isIco(bytes)) return 'image/x-icon';
  return null;
}
