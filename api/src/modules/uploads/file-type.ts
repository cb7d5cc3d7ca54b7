/**
 * The type of a file attached to a lesson, decided from its first bytes (never from the name or the declared
 * type): a document, an archive, a video or audio file, plain text, or one of the images the uploads accept.
 */
import type { LessonFileType } from '@lifeboard/shared/models/lesson-files';
import { detectImageType } from './image-type';

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** ISO media (MP4, M4V, MOV-like): a `ftyp` box first, of one of the MP4 brands a browser plays. */
function isMp4(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false;
  const brand = String.fromCharCode(...bytes.slice(8, 12));
  return ['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash'].includes(brand);
}

/** Text is UTF-8 without control characters other than tab, newline and carriage return (so no binary slips in). */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- the control characters are what is looked for
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
}

export function detectLessonFileType(bytes: Uint8Array): LessonFileType | null {
  const image = detectImageType(bytes);
  if (image) return image;
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return 'application/zip';
  if (isMp4(bytes)) return 'video/mp4';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (startsWith(bytes, ascii('ID3')) || (bytes[0] === 0xff && bytes.length > 1 && (bytes[1] & 0xe0) === 0xe0))
    return 'audio/mpeg';
  if (isPlainText(bytes)) return 'text/plain';
  return null;
}
