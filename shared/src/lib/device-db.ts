import { keptConnection } from './idb-connection';
import type { DBSchema } from 'idb';

/**
 * The browser database of spec §3/§9: three stores, each keyed by user (out-of-line keys), so one
 * browser can hold several accounts. `general_keys` holds the pin copy of the journal/note encryption
 * key (crypto/device.ts); `ctr_keys` stays empty (crypto/README.md says why). A key is kept as a non-extractable `CryptoKey` (IndexedDB clones it
 * without exposing its bytes), with the version and the salt of the pin it was wrapped with.
 */
export const deviceDbName = 'lifeboard';
export const deviceDbVersion = 2;

export type KeyStoreName = 'general_keys' | 'ctr_keys';

export interface StoredKey {
  /** AES-GCM (general) or AES-CTR (counter-mode) 256-bit key. */
  key: CryptoKey;
  /** Bumped when the key is rotated; journal entries record the version they were encrypted with. */
  version: number;
  /** The 16-character alphanumeric salt of the pin (spec §9), when the key is derived from one. */
  salt?: string;
  /** The user's data key sealed with `key`, the pin's slow hash as its AAD (crypto/device.ts). */
  wrapped?: string;
  /** Wrong pins since the last right one; the fifth wipes the entry. */
  tries?: number;
  created_at: string;
}

interface DeviceDb extends DBSchema {
  device_ids: { key: string; value: string };
  general_keys: { key: string; value: StoredKey };
  ctr_keys: { key: string; value: StoredKey };
}

const deviceConnection = keptConnection<DeviceDb>(deviceDbName, deviceDbVersion, (db) => {
  // Version 1 had only device ids; each store is created when missing, so any older version upgrades.
  if (!db.objectStoreNames.contains('device_ids')) db.createObjectStore('device_ids');
  if (!db.objectStoreNames.contains('general_keys')) db.createObjectStore('general_keys');
  if (!db.objectStoreNames.contains('ctr_keys')) db.createObjectStore('ctr_keys');
});
export const openDeviceDb = deviceConnection.open;
/** Closes the connection (tests, and before deleting the database). */
export const closeDeviceDb = deviceConnection.close;

/**
 * This browser's id for `userKey` (the e-mail at sign-in, or the user id): created once with
 * `crypto.randomUUID()` and kept. Null when the database cannot be used (logged, spec §8).
 */
export async function getDeviceId(userKey: string): Promise<string | null> {
  try {
    const db = await openDeviceDb();
    // One read-write transaction, so two tabs signing in at once agree on one id.
    const tx = db.transaction('device_ids', 'readwrite');
    let id = await tx.store.get(userKey);
    if (!id) {
      id = crypto.randomUUID();
      await tx.store.put(id, userKey);
    }
    await tx.done;
    return id;
  } catch (error) {
    console.error('The device database is not available:', error);
    return null;
  }
}

export async function getKey(store: KeyStoreName, userKey: string): Promise<StoredKey | undefined> {
  const db = await openDeviceDb();
  return db.get(store, userKey);
}

export async function putKey(store: KeyStoreName, userKey: string, value: StoredKey): Promise<void> {
  const db = await openDeviceDb();
  await db.put(store, value, userKey);
}

export async function deleteKey(store: KeyStoreName, userKey: string): Promise<void> {
  const db = await openDeviceDb();
  await db.delete(store, userKey);
}
