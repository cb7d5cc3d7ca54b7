/**
 * What a file attached to a lesson may be, for the API that checks its bytes and the screens that say so before
 * sending: one declaration, so the two never disagree. Images are the uploads' own (images.ts).
 */
import { allowedImageTypes } from './images';

/** A lesson file may be larger than an image: a short video or a workbook. */
export const MAX_LESSON_FILE_BYTES = 50 * 1024 * 1024;

/** The types a lesson file may have besides images, decided from its bytes by the API. */
export const lessonFileTypes = [
  'application/pdf',
  'application/zip',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'text/plain',
  ...allowedImageTypes,
] as const;
export type LessonFileType = (typeof lessonFileTypes)[number];

/** Named the way people know them, for messages. */
export const lessonFileNames = 'PDF, ZIP, MP4, WebM, MP3, plain text or an image';

/** The file types the course player plays in the page rather than offering to download. */
export const playableVideoTypes: readonly string[] = ['video/mp4', 'video/webm'];

/** At most this many files on one lesson. */
export const MAX_LESSON_FILES = 20;
