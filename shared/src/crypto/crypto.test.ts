import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDeviceDb, deviceDbName, getKey } from '../lib/device-db';
import { CIPHER_VERSION, decodeCipher, fromBase64Url, isCiphertext, newRecordUid, toBase64Url } from './format';
import {
  changePassphrase,
  createKeyMaterial,
  CryptoAlert,
  cryptoAlerts,
  unlock,
  UNDECRYPTABLE,
  UndecryptableError,
  WrongSecretError,
  type DataKey,
} from './keys';
import { decryptText, encryptText, openRecord, sealRecord, unsealRecord } from './records';
import { forgetPin, hasPin, newPinSalt, PIN_TRIES, PinWipedError, rememberWithPin, unlockWithPin } from './device';

// Fewer PBKDF2 rounds keep the suite quick; one test below runs the real count.
const FAST = 1_000;
const ADA = 7;

/** A ciphertext with one byte of its sealed part changed. */
function flipByte(cipher: string, at: number): string {
  const bytes = fromBase64Url(cipher.slice(4));
  bytes[at] ^= 0x01;
  return 'lbe:' + toBase64Url(bytes);
}

async function keys(userId = ADA) {
  return createKeyMaterial(userId, 'correct horse battery staple', FAST);
}

afterEach(async () => {
  await closeDeviceDb();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(deviceDbName);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
});

describe('encrypting a field', () => {
  it('round-trips text, unicode and empty, and never repeats a ciphertext', async () => {
    const { dataKey } = await keys();
    const place = { model: 'journal_entry', recordUid: newRecordUid(), field: 'body' } as const;
    for (const text of ['<p>Dear diary</p>', 'Zoë 🌧️ 日記', '']) {
      const cipher = await encryptText(dataKey, place, text);
      expect(isCiphertext(cipher)).toBe(true);
      expect(cipher).not.toContain(text || 'never');
      expect(await decryptText(dataKey, place, cipher)).toBe(text);
    }
    expect(await encryptText(dataKey, place, 'same')).not.toBe(await encryptText(dataKey, place, 'same'));
  });

  it('starts with the version byte, and refuses another version', async () => {
    const { dataKey } = await keys();
    const place = { model: 'note', recordUid: newRecordUid(), field: 'title' } as const;
    const cipher = await encryptText(dataKey, place, 'Groceries');
    expect(decodeCipher(cipher)?.version).toBe(CIPHER_VERSION);
    const bytes = fromBase64Url(cipher.slice(4));
    bytes[0] = 2;
    const future = 'lbe:' + toBase64Url(bytes);
    expect(isCiphertext(future)).toBe(false);
    await expect(decryptText(dataKey, place, future)).rejects.toThrow(UNDECRYPTABLE);
  });

  it('binds user, model, record and field: moved ciphertext fails', async () => {
    const { dataKey } = await keys();
    const uid = newRecordUid();
    const cipher = await encryptText(dataKey, { model: 'journal_entry', recordUid: uid, field: 'body' }, 'secret');
    const elsewhere = [
      { model: 'journal_entry', recordUid: newRecordUid(), field: 'body' },
      { model: 'journal_entry', recordUid: uid, field: 'title' },
      { model: 'note', recordUid: uid, field: 'body' },
    ] as const;
    for (const place of elsewhere)
      await expect(decryptText(dataKey, place, cipher)).rejects.toThrow(UndecryptableError);
    // The same key under another user's id (AAD) does not open it either.
    const otherUser: DataKey = { ...dataKey, userId: ADA + 1 };
    await expect(
      decryptText(otherUser, { model: 'journal_entry', recordUid: uid, field: 'body' }, cipher),
    ).rejects.toThrow(UndecryptableError);
  });

  it('any one changed byte gives "This entry can\'t be decrypted"', async () => {
    const { dataKey } = await keys();
    const place = { model: 'journal_entry', recordUid: newRecordUid(), field: 'body' } as const;
    const cipher = await encryptText(dataKey, place, 'A long enough entry to flip bytes in');
    const length = fromBase64Url(cipher.slice(4)).length;
    for (const at of [1, 12, 13, 20, length - 1]) {
      await expect(decryptText(dataKey, place, flipByte(cipher, at))).rejects.toThrow(UNDECRYPTABLE);
    }
  });

  it('with no unlocked key, says so in the words of spec §8', async () => {
    const place = { model: 'note', recordUid: newRecordUid(), field: 'body' } as const;
    await expect(encryptText(null, place, 'x')).rejects.toThrow(cryptoAlerts.noEncryptKey);
    await expect(decryptText(null, place, 'lbe:AQ')).rejects.toThrow(cryptoAlerts.noDecryptKey);
    await expect(encryptText(null, place, 'x')).rejects.toBeInstanceOf(CryptoAlert);
  });
});

describe('records', () => {
  it('seals title and body with a device-made uid, and opens them back', async () => {
    const { dataKey } = await keys();
    const sealed = await sealRecord(dataKey, 'journal_entry', {
      title: 'Monday',
      body: '<p>canary-4411</p>',
      date: '2026-01-05',
    });
    expect(sealed.encrypted).toBe(true);
    expect(sealed.record_uid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(sealed)).not.toContain('canary-4411');
    expect(sealed).not.toHaveProperty('date');
    const stored = { id: 3, date: '2026-01-05', ...sealed };
    const opened = await openRecord(dataKey, 'journal_entry', stored);
    expect(opened).toEqual({ state: 'open', record: { ...stored, title: 'Monday', body: '<p>canary-4411</p>' } });
    expect(await unsealRecord(dataKey, 'journal_entry', stored)).toEqual({
      title: 'Monday',
      body: '<p>canary-4411</p>',
      encrypted: false,
      record_uid: null,
    });
  });

  it('shows locked without a key and broken when tampered, never the ciphertext', async () => {
    const { dataKey } = await keys();
    const stored = { id: 1, ...(await sealRecord(dataKey, 'note', { title: 'T', body: 'B' })) };
    const locked = await openRecord(null, 'note', stored);
    expect(locked.state).toBe('locked');
    expect(locked.record.title).toBe('');
    expect(locked.record.body).toBe('');
    const tampered = { ...stored, body: flipByte(stored.body, 5) };
    const broken = await openRecord(dataKey, 'note', tampered);
    expect(broken).toMatchObject({ state: 'broken', record: { title: '', body: '' } });
    // A plain text in a marked record is not shown as if it were the entry either.
    expect((await openRecord(dataKey, 'note', { ...stored, title: 'sneaked in' })).state).toBe('broken');
    expect((await openRecord(dataKey, 'note', { id: 2, title: 'plain', body: '' })).state).toBe('plain');
    await expect(unsealRecord(dataKey, 'note', tampered)).rejects.toThrow(UNDECRYPTABLE);
  });
});

describe('wrapping the data key', () => {
  it('unlocks with the passphrase and with the recovery key, and names a wrong one', async () => {
    const { material, recoveryKey, dataKey } = await keys();
    const place = { model: 'note', recordUid: newRecordUid(), field: 'body' } as const;
    const cipher = await encryptText(dataKey, place, 'kept');
    const byPassphrase = await unlock(ADA, material, { passphrase: 'correct horse battery staple' });
    expect(await decryptText(byPassphrase, place, cipher)).toBe('kept');
    // The recovery key is read however it is typed: lower case, spaces instead of dashes.
    const typed = recoveryKey.toLowerCase().replace(/-/g, ' ');
    const byRecovery = await unlock(ADA, material, { recoveryKey: typed });
    expect(await decryptText(byRecovery, place, cipher)).toBe('kept');
    await expect(unlock(ADA, material, { passphrase: 'correct horse battery stapler' })).rejects.toThrow(
      "That passphrase doesn't unlock your journal",
    );
    await expect(unlock(ADA, material, { recoveryKey: 'AAAA-BBBB' })).rejects.toBeInstanceOf(WrongSecretError);
    // Key material is bound to its user.
    await expect(unlock(ADA + 1, material, { passphrase: 'correct horse battery staple' })).rejects.toBeInstanceOf(
      WrongSecretError,
    );
  });

  it('stores no plaintext key: only wraps, salt and the KDF parameters', async () => {
    const { material, recoveryKey } = await createKeyMaterial(ADA, 'pass phrase here');
    expect(material.kdf).toMatchObject({ name: 'PBKDF2-SHA-256', iterations: 600_000 });
    expect(fromBase64Url(material.kdf.salt)).toHaveLength(16);
    expect(Object.keys(material).sort()).toEqual(['kdf', 'key_version', 'wrapped_key', 'wrapped_recovery']);
    expect(isCiphertext(material.wrapped_key) && isCiphertext(material.wrapped_recovery)).toBe(true);
    expect(JSON.stringify(material)).not.toContain(recoveryKey.replace(/-/g, ''));
    expect(recoveryKey).toMatch(/^([A-Z2-7]{4}-){12}[A-Z2-7]{4}$/);
  });

  it('a new passphrase re-wraps the same key: old records open, the old passphrase no longer does', async () => {
    const { material, recoveryKey, dataKey } = await keys();
    const place = { model: 'journal_entry', recordUid: newRecordUid(), field: 'title' } as const;
    const cipher = await encryptText(dataKey, place, 'before the change');
    const changed = await changePassphrase(
      ADA,
      material,
      { passphrase: 'correct horse battery staple' },
      'new one',
      FAST,
    );
    expect(changed.kdf.salt).not.toBe(material.kdf.salt);
    expect(changed.wrapped_recovery).toBe(material.wrapped_recovery);
    expect(await decryptText(await unlock(ADA, changed, { passphrase: 'new one' }), place, cipher)).toBe(
      'before the change',
    );
    await expect(unlock(ADA, changed, { passphrase: 'correct horse battery staple' })).rejects.toBeInstanceOf(
      WrongSecretError,
    );
    expect(await decryptText(await unlock(ADA, changed, { recoveryKey }), place, cipher)).toBe('before the change');
    // A forgotten passphrase is replaced with the recovery key.
    const reset = await changePassphrase(ADA, changed, { recoveryKey }, 'third', FAST);
    expect(await decryptText(await unlock(ADA, reset, { passphrase: 'third' }), place, cipher)).toBe(
      'before the change',
    );
  });

  it('keeps the unwrapped key non-extractable', async () => {
    const { material, dataKey } = await keys();
    await expect(crypto.subtle.exportKey('raw', dataKey.key)).rejects.toThrow();
    const unlocked = await unlock(ADA, material, { passphrase: 'correct horse battery staple' });
    expect(unlocked.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', unlocked.key)).rejects.toThrow();
  });
});

describe('the PIN on this device', () => {
  const passphrase = { passphrase: 'correct horse battery staple' };

  it('makes the spec’s salt: 16 alphanumeric characters', () => {
    const salts = new Set(Array.from({ length: 50 }, newPinSalt));
    for (const salt of salts) expect(salt).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(salts.size).toBe(50);
  });

  it('unlocks the same key; the stored device key cannot be exported', async () => {
    const { material, dataKey } = await keys();
    const place = { model: 'note', recordUid: newRecordUid(), field: 'body' } as const;
    const cipher = await encryptText(dataKey, place, 'pin opened');
    expect(await unlockWithPin(ADA, '2468')).toBeNull();
    await rememberWithPin(ADA, material, passphrase, '2468');
    expect(await hasPin(ADA)).toBe(true);
    const stored = await getKey('general_keys', String(ADA));
    expect(stored?.salt).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(stored?.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', stored!.key)).rejects.toThrow();
    const byPin = await unlockWithPin(ADA, '2468');
    expect(byPin && (await decryptText(byPin, place, cipher))).toBe('pin opened');
    await expect(crypto.subtle.exportKey('raw', byPin!.key)).rejects.toThrow();
    await forgetPin(ADA);
    expect(await hasPin(ADA)).toBe(false);
  });

  it('counts wrong PINs, forgives them after a right one, and wipes the copy at the fifth', async () => {
    const { material } = await keys();
    await rememberWithPin(ADA, material, passphrase, '1357');
    await expect(unlockWithPin(ADA, '0000')).rejects.toThrow(`${PIN_TRIES - 1} tries left`);
    expect(await unlockWithPin(ADA, '1357')).not.toBeNull();
    expect((await getKey('general_keys', String(ADA)))?.tries).toBe(0);
    for (let i = 1; i < PIN_TRIES; i += 1) await expect(unlockWithPin(ADA, '9999')).rejects.toThrow('left');
    await expect(unlockWithPin(ADA, '9999')).rejects.toBeInstanceOf(PinWipedError);
    expect(await hasPin(ADA)).toBe(false);
    // Even the right PIN is of no use now: the passphrase is needed.
    expect(await unlockWithPin(ADA, '1357')).toBeNull();
  }, 30_000);
});
