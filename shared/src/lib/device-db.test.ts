import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import { closeDeviceDb, deleteKey, deviceDbName, getDeviceId, getKey, openDeviceDb, putKey } from './device-db';

afterEach(async () => {
  vi.restoreAllMocks();
  await closeDeviceDb();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(deviceDbName);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('the database could not be deleted'));
  });
});

describe('device database (spec §3, §9)', () => {
  it("is 'lifeboard' version 2 with three stores", async () => {
    const db = await openDeviceDb();
    expect(db.name).toBe('lifeboard');
    expect(db.version).toBe(2);
    expect(Array.from(db.objectStoreNames).sort()).toEqual(['ctr_keys', 'device_ids', 'general_keys']);
  });

  it('creates a uuid per user once and keeps it', async () => {
    const first = await getDeviceId('ada@example.com');
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await getDeviceId('ada@example.com')).toBe(first);
    expect(await getDeviceId('bob@example.com')).not.toBe(first);
  });

  it('keeps the id across connections', async () => {
    const id = await getDeviceId('7');
    await closeDeviceDb();
    expect(await getDeviceId('7')).toBe(id);
  });

  it('gives one id to concurrent first calls', async () => {
    const ids = await Promise.all([getDeviceId('u'), getDeviceId('u'), getDeviceId('u')]);
    expect(new Set(ids).size).toBe(1);
  });

  it('upgrades a version 1 database that had only device ids, keeping them', async () => {
    const v1 = await openDB(deviceDbName, 1, {
      upgrade: (db) => {
        db.createObjectStore('device_ids');
      },
    });
    await v1.put('device_ids', 'kept-id', 'ada');
    v1.close();
    expect(await getDeviceId('ada')).toBe('kept-id');
    expect((await openDeviceDb()).objectStoreNames.contains('ctr_keys')).toBe(true);
  });

  it('stores encryption keys per user and per kind', async () => {
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await putKey('general_keys', 'ada', {
      key,
      version: 1,
      salt: 'abcdEFGH12345678',
      created_at: '2026-11-22T00:00:00.000Z',
    });
    const stored = await getKey('general_keys', 'ada');
    expect(stored?.version).toBe(1);
    expect(stored?.salt).toBe('abcdEFGH12345678');
    expect(stored?.key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect(await getKey('ctr_keys', 'ada')).toBeUndefined();
    expect(await getKey('general_keys', 'bob')).toBeUndefined();
    await deleteKey('general_keys', 'ada');
    expect(await getKey('general_keys', 'ada')).toBeUndefined();
  });

  it('returns null and logs when the database cannot be opened', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('blocked by the browser', 'SecurityError');
    });
    expect(await getDeviceId('ada')).toBeNull();
    expect(logged).toHaveBeenCalledOnce();
  });
});
