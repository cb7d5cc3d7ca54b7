import { deleteKey, getKey, putKey } from '../lib/device-db';
import type { StoredKey } from '../lib/device-db';
import {
  aadOf,
  CryptoAlert,
  open,
  rawDataKey,
  seal,
  UndecryptableError,
  WrongSecretError,
  PBKDF2_ITERATIONS,
} from './keys';
import type { DataKey, KeyMaterial, Secret } from './keys';

/**
 * Quick unlock with a PIN on a trusted device (README.md, "The PIN"). The data key is sealed with this device's
 * non-extractable key, with the PIN's slow hash as the AAD: every guess needs both, and after `PIN_TRIES` wrong
 * ones the copy is wiped.
 */
export const PIN_TRIES = 5;
const SALT_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The spec's salt (§9): 16 alphanumeric characters, drawn without modulo bias. */
export function newPinSalt(): string {
  let salt = '';
  while (salt.length < 16) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      // 248 = 4 × 62: bytes above it would favour the first characters.
      if (byte < 248 && salt.length < 16) salt += SALT_CHARS[byte % 62];
    }
  }
  return salt;
}

async function pinHash(pin: string, salt: string, userId: number): Promise<Uint8Array<ArrayBuffer>> {
  const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: new TextEncoder().encode(salt), iterations: PBKDF2_ITERATIONS },
    base,
    256,
  );
  const place = aadOf(userId, 'wrap', 'device');
  const aad = new Uint8Array(place.length + 32);
  aad.set(place);
  aad.set(new Uint8Array(bits), place.length);
  return aad;
}

const storeKey = (userId: number) => String(userId);

async function readCopy(userId: number): Promise<StoredKey | undefined> {
  try {
    return await getKey('general_keys', storeKey(userId));
  } catch (error) {
    throw new CryptoAlert('database', { cause: error });
  }
}

async function writeCopy(userId: number, value: StoredKey): Promise<void> {
  try {
    await putKey('general_keys', storeKey(userId), value);
  } catch (error) {
    throw new CryptoAlert('database', { cause: error });
  }
}

/** Whether this device keeps a PIN copy of the user's key. */
export async function hasPin(userId: number): Promise<boolean> {
  const copy = await readCopy(userId);
  return Boolean(copy?.wrapped);
}

/** Keeps a PIN copy of the data key on this device; the passphrase (or recovery key) proves the person first. */
export async function rememberWithPin(
  userId: number,
  material: KeyMaterial,
  secret: Secret,
  pin: string,
): Promise<void> {
  const raw = await rawDataKey(userId, material, secret);
  try {
    let deviceKey: CryptoKey;
    try {
      // Non-extractable: IndexedDB keeps it, and exportKey or wrapKey on it throws.
      deviceKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    } catch (error) {
      throw new CryptoAlert('generate', { cause: error });
    }
    const salt = newPinSalt();
    const wrapped = await seal(deviceKey, raw, await pinHash(pin, salt, userId));
    await writeCopy(userId, {
      key: deviceKey,
      version: material.key_version,
      salt,
      wrapped,
      tries: 0,
      created_at: new Date().toISOString(),
    });
  } finally {
    raw.fill(0);
  }
}

export async function forgetPin(userId: number): Promise<void> {
  try {
    await deleteKey('general_keys', storeKey(userId));
  } catch (error) {
    throw new CryptoAlert('database', { cause: error });
  }
}

/** Thrown when the last allowed wrong PIN wiped the device's copy. */
export class PinWipedError extends WrongSecretError {
  constructor() {
    super('That was the fifth wrong PIN, so this device forgot it. Unlock with your passphrase.');
    this.name = 'PinWipedError';
  }
}

/** Unlocks with the PIN; null when this device keeps no copy. A wrong PIN counts, the fifth wipes the copy. */
export async function unlockWithPin(userId: number, pin: string): Promise<DataKey | null> {
  const copy = await readCopy(userId);
  if (!copy?.wrapped || !copy.salt) return null;
  let raw: Uint8Array;
  try {
    raw = await open(copy.key, copy.wrapped, await pinHash(pin, copy.salt, userId));
  } catch (error) {
    if (!(error instanceof UndecryptableError)) throw error;
    const tries = (copy.tries ?? 0) + 1;
    if (tries >= PIN_TRIES) {
      await forgetPin(userId);
      throw new PinWipedError();
    }
    await writeCopy(userId, { ...copy, tries });
    const left = PIN_TRIES - tries;
    throw new WrongSecretError(`That PIN isn't right. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  try {
    const key = await crypto.subtle.importKey('raw', new Uint8Array(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
    if (copy.tries) await writeCopy(userId, { ...copy, tries: 0 });
    return { userId, version: copy.version, key };
  } finally {
    raw.fill(0);
  }
}
