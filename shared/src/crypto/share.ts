import { fromBase64Url, toBase64Url } from './format';
import { aadOf, CryptoAlert, open, seal, UndecryptableError } from './keys';
import type { DataKey } from './keys';
import type { EncryptableModel } from './records';

/**
 * Sharing one encrypted entry at `/a/:slug` (README.md, "Sharing"): the browser seals a copy of the entry under a
 * fresh random page key; the server keeps that ciphertext, and the key rides only in the link's fragment
 * (`#k=…`), which browsers never send to a server. The page key is also kept sealed with the owner's data key, so
 * the owner's devices can show the link again.
 */

/** What a shared page shows. */
export interface SharedContent {
  title: string;
  body: string;
  /** `YYYY-MM-DD`. */
  date: string;
}

const PAGE_KEY_BYTES = 32;
/** Every sealed page has its own key, so the AAD needs no id: it only says what the plaintext is. */
const pageAad = () => new TextEncoder().encode('lifeboard/1/shared-page');
const keyAad = (userId: number, model: EncryptableModel, id: number) =>
  aadOf(userId, 'shared_page', model, String(id), 'key');

function importPageKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** The page key of a link (its fragment's base64url) as a key that opens the page's images. */
export async function pageCryptoKey(pageKey: string): Promise<CryptoKey> {
  if (!pageKeyPattern.test(pageKey)) throw new UndecryptableError();
  const raw = fromBase64Url(pageKey);
  try {
    return await importPageKey(raw);
  } finally {
    raw.fill(0);
  }
}

export interface SealedShare {
  sealed: string;
  sealed_key: string;
  /** base64url, for the link's fragment only. */
  pageKey: string;
}

/**
 * Seals `content` under a new page key, and that key under the owner's data key. `withKey`, when given, makes the
 * content with the page key first (the entry's images copied under it, the body naming the copies).
 */
export async function sealShare(
  dataKey: DataKey | null,
  source: { model: EncryptableModel; id: number },
  content: SharedContent,
  withKey?: (pageKey: CryptoKey) => Promise<SharedContent>,
): Promise<SealedShare> {
  if (!dataKey) throw new CryptoAlert('noEncryptKey');
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = crypto.getRandomValues(new Uint8Array(PAGE_KEY_BYTES));
  } catch (error) {
    throw new CryptoAlert('generate', { cause: error });
  }
  try {
    const key = await importPageKey(raw);
    const shown = withKey ? await withKey(key) : content;
    return {
      sealed: await seal(key, new TextEncoder().encode(JSON.stringify(shown)), pageAad()),
      sealed_key: await seal(dataKey.key, raw, keyAad(dataKey.userId, source.model, source.id)),
      pageKey: toBase64Url(raw),
    };
  } finally {
    raw.fill(0);
  }
}

/** The page key of a share of the owner's, from its sealed copy (to show the link again). */
export async function pageKeyOf(
  dataKey: DataKey | null,
  source: { model: EncryptableModel; id: number },
  sealedKey: string,
): Promise<string> {
  if (!dataKey) throw new CryptoAlert('noDecryptKey');
  const raw = await open(dataKey.key, sealedKey, keyAad(dataKey.userId, source.model, source.id));
  try {
    return toBase64Url(raw);
  } finally {
    raw.fill(0);
  }
}

const pageKeyPattern = /^[A-Za-z0-9_-]{43}$/;

/** The link's fragment for a page key. */
export const shareFragment = (pageKey: string) => `#k=${pageKey}`;

/** The page key in a link's fragment (`#k=…`), or null when there is none of the right shape. */
export function pageKeyFromFragment(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('k');
  return key && pageKeyPattern.test(key) ? key : null;
}

/** Opens a sealed page with the key from the link; a wrong key or a changed byte is an `UndecryptableError`. */
export async function openShare(pageKey: string, sealed: string): Promise<SharedContent> {
  if (!pageKeyPattern.test(pageKey)) throw new UndecryptableError();
  const raw = fromBase64Url(pageKey);
  let plain: Uint8Array;
  try {
    plain = await open(await importPageKey(raw), sealed, pageAad());
  } finally {
    raw.fill(0);
  }
  try {
    const content = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain)) as Partial<SharedContent>;
    if (typeof content.title !== 'string' || typeof content.body !== 'string' || typeof content.date !== 'string')
      throw new Error('not a shared page');
    return { title: content.title, body: content.body, date: content.date };
  } catch {
    throw new UndecryptableError();
  }
}
