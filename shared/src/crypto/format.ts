/**
 * The ciphertext format (README.md): `lbe:` + base64url(version ‖ IV ‖ AES-GCM ciphertext ‖ tag). Shared by the
 * browser, which makes it, and the server, which only checks its shape.
 */
export const CIPHER_PREFIX = 'lbe:';
export const CIPHER_VERSION = 1;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
/** The smallest valid ciphertext: version, IV and tag around an empty plaintext. */
export const MIN_CIPHER_BYTES = 1 + IV_BYTES + TAG_BYTES;

const cipherPattern = /^lbe:[A-Za-z0-9_-]+$/;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument count under the engine's limit on large bodies.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a text has the ciphertext's shape and a version this code reads (the server's check). */
export function isCiphertext(value: unknown): value is string {
  if (typeof value !== 'string' || !cipherPattern.test(value)) return false;
  const body = value.slice(CIPHER_PREFIX.length);
  // base64url never leaves a single character over; 4n+1 characters cannot be decoded.
  if (body.length % 4 === 1) return false;
  const bytes = fromBase64Url(body.slice(0, 4));
  return bytes[0] === CIPHER_VERSION && (body.length * 3) / 4 >= MIN_CIPHER_BYTES;
}

export interface CipherParts {
  version: number;
  iv: Uint8Array<ArrayBuffer>;
  sealed: Uint8Array<ArrayBuffer>;
}

export function encodeCipher(iv: Uint8Array, sealed: Uint8Array): string {
  const bytes = new Uint8Array(1 + iv.length + sealed.length);
  bytes[0] = CIPHER_VERSION;
  bytes.set(iv, 1);
  bytes.set(sealed, 1 + iv.length);
  return CIPHER_PREFIX + toBase64Url(bytes);
}

/** The parts of a ciphertext, or null when it is not one this version reads. */
export function decodeCipher(text: string): CipherParts | null {
  if (!isCiphertext(text)) return null;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64Url(text.slice(CIPHER_PREFIX.length));
  } catch {
    return null;
  }
  if (bytes.length < MIN_CIPHER_BYTES || bytes[0] !== CIPHER_VERSION) return null;
  return { version: bytes[0], iv: bytes.slice(1, 1 + IV_BYTES), sealed: bytes.slice(1 + IV_BYTES) };
}

/** A random id a device gives a record before the server has one; bound into every AAD of the record. */
export function newRecordUid(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

export const recordUidPattern = /^[A-Za-z0-9_-]{22}$/;
