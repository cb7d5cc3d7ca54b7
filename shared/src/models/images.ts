/**
 * What an uploaded image may be, for the API that checks it and the screens that say so before sending: one
 * declaration, so the two never disagree.
 */

/** An upload's id: 128 random bits in base64url (22 characters). Knowing it is the only key to a public image. */
export const uploadIdPattern = /^[A-Za-z0-9_-]{22}$/;

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Spec §5/§9: png, gif, jpeg, bmp, x-icon; plus webp. The API decides the type from the bytes. */
export const allowedImageTypes = [
  'image/png',
  'image/gif',
  'image/jpeg',
  'image/bmp',
  'image/x-icon',
  'image/webp',
] as const;
export type ImageType = (typeof allowedImageTypes)[number];

/** Named the way people know them, for messages. */
export const allowedImageNames = 'PNG, GIF, JPEG, BMP, ICO, WebP';

/** What a program's cover may be: photos and artwork a browser shows everywhere. */
export const coverTypes: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
export const coverTypeNames = 'JPEG, PNG or WebP';

/**
 * An encrypted entry's image, sealed in the browser (shared/src/crypto/images.ts): stored and served as opaque
 * bytes of this type, never sniffed or resized, and only to its owner (or through the shared page it is copied for).
 */
export const SEALED_IMAGE_TYPE = 'application/octet-stream';
/** Sealing adds the version byte, the IV, the tag and the image's type (at most 41 bytes) to the image. */
export const MAX_SEALED_IMAGE_BYTES = MAX_IMAGE_BYTES + 128;
