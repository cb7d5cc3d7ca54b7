import { describe, expect, it } from 'vitest';
import { CIPHER_VERSION, newRecordUid } from './format';
import { isSealedBytes, openImage, openImageWith, pageImageAad, sealImage, sealImageWith } from './images';
import { createKeyMaterial, CryptoAlert, UNDECRYPTABLE, type DataKey } from './keys';

const canary = 'image-canary-7f3a';
/** A PNG's signature, then bytes holding a canary: what a real upload's plaintext could be. */
const picture = () =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode(canary)]);

async function dataKeyOf(userId: number): Promise<DataKey> {
  return (await createKeyMaterial(userId, 'correct horse battery staple', 1_000)).dataKey;
}

const includes = (haystack: Uint8Array, needle: Uint8Array) => Buffer.from(haystack).includes(Buffer.from(needle));

describe('sealing an image', () => {
  it('round-trips the bytes and type, and leaves neither readable in what is uploaded', async () => {
    const key = await dataKeyOf(7);
    const id = newRecordUid();
    const sealed = await sealImage(key, id, { type: 'image/png', bytes: picture() });
    expect(sealed[0]).toBe(CIPHER_VERSION);
    expect(isSealedBytes(sealed)).toBe(true);
    expect(includes(sealed, new TextEncoder().encode(canary))).toBe(false);
    expect(includes(sealed, new TextEncoder().encode('image/png'))).toBe(false);
    expect(includes(sealed, picture().slice(0, 8))).toBe(false);
    const opened = await openImage(key, id, sealed);
    expect(opened.type).toBe('image/png');
    expect(opened.bytes).toEqual(picture());
    // A fresh IV each time: the same image never seals to the same bytes.
    expect(await sealImage(key, id, { type: 'image/png', bytes: picture() })).not.toEqual(sealed);
  });

  it.each([
    ['the version byte', 0],
    ['the IV', 5],
    ['the ciphertext', 20],
    ['the tag', -1],
  ])('fails to open when %s changed by one bit', async (_part, at) => {
    const key = await dataKeyOf(7);
    const id = newRecordUid();
    const sealed = await sealImage(key, id, { type: 'image/jpeg', bytes: picture() });
    sealed[at < 0 ? sealed.length + at : at] ^= 0x01;
    await expect(openImage(key, id, sealed)).rejects.toThrow(UNDECRYPTABLE);
  });

  it("fails to open under another id (a swapped blob), another user's key, or cut short", async () => {
    const key = await dataKeyOf(7);
    const id = newRecordUid();
    const sealed = await sealImage(key, id, { type: 'image/gif', bytes: picture() });
    await expect(openImage(key, newRecordUid(), sealed)).rejects.toThrow(UNDECRYPTABLE);
    // The same key under another user id: the AAD names the user.
    await expect(openImage({ ...key, userId: 8 }, id, sealed)).rejects.toThrow(UNDECRYPTABLE);
    await expect(openImage(await dataKeyOf(7), id, sealed)).rejects.toThrow(UNDECRYPTABLE);
    await expect(openImage(key, id, sealed.slice(0, 20))).rejects.toThrow(UNDECRYPTABLE);
  });

  it('needs an unlocked key, with the alerts in people’s words', async () => {
    await expect(async () => sealImage(null, newRecordUid(), { type: 'image/png', bytes: picture() })).rejects.toThrow(
      CryptoAlert,
    );
    await expect(async () => openImage(null, newRecordUid(), new Uint8Array(40))).rejects.toThrow(
      'No key to perform decryption',
    );
  });

  it("seals a shared page's copy under the page key, bound to the copy's id", async () => {
    const pageKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const copy = newRecordUid();
    const sealed = await sealImageWith(pageKey, pageImageAad(copy), { type: 'image/webp', bytes: picture() });
    expect((await openImageWith(pageKey, pageImageAad(copy), sealed)).bytes).toEqual(picture());
    await expect(openImageWith(pageKey, pageImageAad(newRecordUid()), sealed)).rejects.toThrow(UNDECRYPTABLE);
  });
});
