import { CIPHER_VERSION, IV_BYTES, MIN_CIPHER_BYTES } from './format';
import { aadOf, CryptoAlert, UndecryptableError, type DataKey } from './keys';

/**
 * Images of encrypted entries (README.md, "Images"): the bytes are sealed in the browser before upload, in the
 * binary form of the ciphertext format (`version ‖ IV ‖ AES-GCM ciphertext ‖ tag`, no base64: an image is large).
 * The image's type travels inside the plaintext, so the server learns neither what the image is nor its kind.
 * The AAD binds the user, "upload" and the upload's id (made on the device), so a blob swapped for another of the
 * same user fails to open.
 */

/** What the bytes hold once opened: the image and the type it was uploaded as. */
export interface OpenedImage {
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();
const typePattern = /^image\/[a-z0-9.+-]{1,40}$/;

/** The AAD of a user's sealed upload. */
export const imageAad = (userId: number, id: string) => aadOf(userId, 'upload', id);
/** The AAD of an image copy sealed under a shared page's own key (which is used for that one page only). */
export const pageImageAad = (id: string) => encoder.encode(`lifeboard/1/shared-page/upload/${id}`);

/** Whether bytes have the sealed form's shape and a version this code reads (the server's check). */
export function isSealedBytes(bytes: Uint8Array): boolean {
  return bytes.length >= MIN_CIPHER_BYTES && bytes[0] === CIPHER_VERSION;
}

/** Seals an image's bytes and type under `key` with `aad`. */
export async function sealImageWith(
  key: CryptoKey,
  aad: Uint8Array<ArrayBuffer>,
  image: { type: string; bytes: Uint8Array },
): Promise<Uint8Array<ArrayBuffer>> {
  const type = typePattern.test(image.type) ? image.type : 'image/png';
  const plain = new Uint8Array(1 + type.length + image.bytes.length);
  plain[0] = type.length;
  plain.set(encoder.encode(type), 1);
  plain.set(image.bytes, 1 + type.length);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad }, key, plain));
  plain.fill(0);
  const out = new Uint8Array(1 + IV_BYTES + sealed.length);
  out[0] = CIPHER_VERSION;
  out.set(iv, 1);
  out.set(sealed, 1 + IV_BYTES);
  return out;
}

/** Opens sealed image bytes; a changed byte, another AAD or an unknown version is an `UndecryptableError`. */
export async function openImageWith(
  key: CryptoKey,
  aad: Uint8Array<ArrayBuffer>,
  sealed: Uint8Array,
): Promise<OpenedImage> {
  if (!isSealedBytes(sealed)) throw new UndecryptableError();
  let plain: Uint8Array<ArrayBuffer>;
  try {
    plain = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: sealed.slice(1, 1 + IV_BYTES), additionalData: aad },
        key,
        sealed.slice(1 + IV_BYTES),
      ),
    );
  } catch {
    throw new UndecryptableError();
  }
  const length = plain[0] ?? 0;
  const type = new TextDecoder().decode(plain.subarray(1, 1 + length));
  if (!typePattern.test(type)) throw new UndecryptableError();
  return { type, bytes: plain.slice(1 + length) };
}

/** Seals one of the user's images for upload under `id`. */
export function sealImage(
  dataKey: DataKey | null,
  id: string,
  image: { type: string; bytes: Uint8Array },
): Promise<Uint8Array<ArrayBuffer>> {
  if (!dataKey) throw new CryptoAlert('noEncryptKey');
  return sealImageWith(dataKey.key, imageAad(dataKey.userId, id), image);
}

/** Opens one of the user's sealed uploads. */
export function openImage(dataKey: DataKey | null, id: string, sealed: Uint8Array): Promise<OpenedImage> {
  if (!dataKey) throw new CryptoAlert('noDecryptKey');
  return openImageWith(dataKey.key, imageAad(dataKey.userId, id), sealed);
}
