import { decodeCipher, encodeCipher, fromBase64Url, IV_BYTES, toBase64Url } from './format';

/**
 * The data key and its wraps (README.md). Raw key bytes exist in memory only while a key is made or re-wrapped,
 * and are zeroed at once; the key used for records is imported non-extractable.
 */

/** OWASP's minimum for PBKDF2-SHA-256; the server refuses key material derived with fewer. */
export const PBKDF2_ITERATIONS = 600_000;
const KEY_BYTES = 32;

/** The four failures of spec §8, in people's words. */
export const cryptoAlerts = {
  database: "Unable to get the database: this browser can't keep your encryption keys. Private windows often can't.",
  noEncryptKey: 'No key to perform encryption: unlock your journal with your passphrase first.',
  noDecryptKey: 'No key to perform decryption: unlock your journal with your passphrase first.',
  generate: 'Failure to generate an encryption key: this browser refused to make one. Try another browser.',
} as const;

export type CryptoAlertKind = keyof typeof cryptoAlerts;

export class CryptoAlert extends Error {
  constructor(
    readonly kind: CryptoAlertKind,
    options?: { cause?: unknown },
  ) {
    super(cryptoAlerts[kind], options);
    this.name = 'CryptoAlert';
  }
}

export const UNDECRYPTABLE = "This entry can't be decrypted";

/** A ciphertext that fails authentication: changed, moved to another record or field, or of an unknown version. */
export class UndecryptableError extends Error {
  constructor() {
    super(UNDECRYPTABLE);
    this.name = 'UndecryptableError';
  }
}

/** A passphrase, recovery key or PIN that does not open the wrapped key. */
export class WrongSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WrongSecretError';
  }
}

export interface KdfParams {
  name: 'PBKDF2-SHA-256';
  iterations: number;
  /** 16 random bytes, base64url. */
  salt: string;
}

/** What the server keeps for a user: nothing here opens anything without the passphrase or the recovery key. */
export interface KeyMaterial {
  key_version: number;
  kdf: KdfParams;
  /** The data key encrypted with the passphrase's KEK. */
  wrapped_key: string;
  /** The data key encrypted with the recovery key's KEK. */
  wrapped_recovery: string;
}

/** The unlocked data key of one user: non-extractable, in memory only. */
export interface DataKey {
  userId: number;
  version: number;
  key: CryptoKey;
}

const encoder = new TextEncoder();

/** The AAD of everything this scheme seals: the scheme's version, the user, then the place. */
export function aadOf(userId: number, ...place: string[]): Uint8Array<ArrayBuffer> {
  return encoder.encode(['lifeboard', '1', String(userId), ...place].join('/'));
}

export async function seal(key: CryptoKey, plain: Uint8Array<ArrayBuffer>, aad: Uint8Array<ArrayBuffer>) {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad }, key, plain);
  return encodeCipher(iv, new Uint8Array(sealed));
}

/** Opens a sealed text; any changed byte, other AAD or unknown version is an `UndecryptableError`. */
export async function open(key: CryptoKey, text: string, aad: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const parts = decodeCipher(text);
  if (!parts) throw new UndecryptableError();
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: parts.iv, additionalData: aad },
      key,
      parts.sealed,
    );
    return new Uint8Array(plain);
  } catch {
    throw new UndecryptableError();
  }
}

async function generateRandomKey(): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  } catch (error) {
    throw new CryptoAlert('generate', { cause: error });
  }
}

function importDataKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** The passphrase's KEK: PBKDF2-SHA-256 into a non-extractable AES-GCM key. */
export async function passphraseKek(passphrase: string, kdf: KdfParams): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', encoder.encode(passphrase.normalize('NFC')), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64Url(kdf.salt), iterations: kdf.iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A recovery key: 256 random bits as 52 base32 letters in groups of four, easy to copy by hand. */
export function newRecoveryKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out.match(/.{1,4}/g)?.join('-') ?? out;
}

/** The recovery key as typed: case, spaces and dashes do not matter; 0 is read as O and 1 as I (base32 has neither digit). */
export function normalizeRecoveryKey(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '').replace(/0/g, 'O').replace(/1/g, 'I');
}

/** The recovery key's KEK: it is already 256 random bits, so HKDF (not a slow KDF) is enough. */
async function recoveryKek(recoveryKey: string, userId: number): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', encoder.encode(normalizeRecoveryKey(recoveryKey)), 'HKDF', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: aadOf(userId, 'recovery-kek') },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function newKdf(iterations: number): KdfParams {
  return { name: 'PBKDF2-SHA-256', iterations, salt: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) };
}

export interface NewKeys {
  material: KeyMaterial;
  /** Shown once, to print or save; never stored. */
  recoveryKey: string;
  dataKey: DataKey;
}

/** Turning encryption on: a new data key, wrapped by the passphrase and by a new recovery key. */
export async function createKeyMaterial(
  userId: number,
  passphrase: string,
  iterations = PBKDF2_ITERATIONS,
): Promise<NewKeys> {
  const raw = await generateRandomKey();
  try {
    const kdf = newKdf(iterations);
    const recoveryKey = newRecoveryKey();
    const [kek, rKek, key] = await Promise.all([
      passphraseKek(passphrase, kdf),
      recoveryKek(recoveryKey, userId),
      importDataKey(raw),
    ]).catch((error: unknown) => {
      throw new CryptoAlert('generate', { cause: error });
    });
    const material: KeyMaterial = {
      key_version: 1,
      kdf,
      wrapped_key: await seal(kek, raw, aadOf(userId, 'wrap', 'passphrase')),
      wrapped_recovery: await seal(rKek, raw, aadOf(userId, 'wrap', 'recovery')),
    };
    return { material, recoveryKey, dataKey: { userId, version: 1, key } };
  } finally {
    raw.fill(0);
  }
}

export type Secret = { passphrase: string } | { recoveryKey: string };

/** The raw data key, for the moment a wrap is made; callers zero it. */
export async function rawDataKey(
  userId: number,
  material: KeyMaterial,
  secret: Secret,
): Promise<Uint8Array<ArrayBuffer>> {
  try {
    if ('passphrase' in secret) {
      const kek = await passphraseKek(secret.passphrase, material.kdf);
      return new Uint8Array(await open(kek, material.wrapped_key, aadOf(userId, 'wrap', 'passphrase')));
    }
    const kek = await recoveryKek(secret.recoveryKey, userId);
    return new Uint8Array(await open(kek, material.wrapped_recovery, aadOf(userId, 'wrap', 'recovery')));
  } catch (error) {
    if (!(error instanceof UndecryptableError)) throw error;
    throw new WrongSecretError(
      'passphrase' in secret
        ? "That passphrase doesn't unlock your journal. Check it and try again."
        : "That recovery key doesn't unlock your journal. Check it and try again.",
    );
  }
}

/** Unlocks with the passphrase or the recovery key; a wrong one is a `WrongSecretError`. */
export async function unlock(userId: number, material: KeyMaterial, secret: Secret): Promise<DataKey> {
  const raw = await rawDataKey(userId, material, secret);
  try {
    return { userId, version: material.key_version, key: await importDataKey(raw) };
  } finally {
    raw.fill(0);
  }
}

/**
 * A new passphrase: the same data key wrapped again under a new salt. Records are untouched, so this takes the
 * same time at 10 or 10,000 entries. The recovery copy stays as it is.
 */
export async function changePassphrase(
  userId: number,
  material: KeyMaterial,
  secret: Secret,
  newPassphrase: string,
  iterations = PBKDF2_ITERATIONS,
): Promise<KeyMaterial> {
  const raw = await rawDataKey(userId, material, secret);
  try {
    const kdf = newKdf(iterations);
    const kek = await passphraseKek(newPassphrase, kdf);
    return { ...material, kdf, wrapped_key: await seal(kek, raw, aadOf(userId, 'wrap', 'passphrase')) };
  } finally {
    raw.fill(0);
  }
}
