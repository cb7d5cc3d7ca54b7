import { encryptedFields, type EncryptableModel } from './fields';
import { isCiphertext, newRecordUid } from './format';
import { aadOf, CryptoAlert, open, seal, UndecryptableError, type DataKey } from './keys';

// The API imports them from this module.
export { encryptedFields, type EncryptableModel };

/**
 * Sealing the fields of a record. Each field's AAD names the user, the model, the record's device-made uid and
 * the field, so a ciphertext moved anywhere else fails to open.
 */

export interface Place {
  model: EncryptableModel;
  recordUid: string;
  field: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export async function encryptText(dataKey: DataKey | null, place: Place, text: string): Promise<string> {
  if (!dataKey) throw new CryptoAlert('noEncryptKey');
  return seal(dataKey.key, encoder.encode(text), aadOf(dataKey.userId, place.model, place.recordUid, place.field));
}

export async function decryptText(dataKey: DataKey | null, place: Place, cipher: string): Promise<string> {
  if (!dataKey) throw new CryptoAlert('noDecryptKey');
  const plain = await open(dataKey.key, cipher, aadOf(dataKey.userId, place.model, place.recordUid, place.field));
  try {
    return decoder.decode(plain);
  } catch {
    throw new UndecryptableError();
  }
}

/** What an encrypted record carries beside its ciphertext (the wire fields of the models). */
export interface EncryptionMarks {
  encrypted?: boolean | null;
  record_uid?: string | null;
}

type Fields = Record<string, unknown>;

/**
 * The changes that store `plain` encrypted: every encrypted field sealed (an absent one as empty text, so a
 * marked record never holds a plain field), `encrypted: true` and the record's uid (a new one when it had none).
 */
export async function sealRecord<M extends EncryptableModel>(
  dataKey: DataKey | null,
  model: M,
  plain: Fields & EncryptionMarks,
): Promise<Record<(typeof encryptedFields)[M][number], string> & { encrypted: true; record_uid: string }> {
  if (!dataKey) throw new CryptoAlert('noEncryptKey');
  const recordUid = plain.record_uid ?? newRecordUid();
  const sealed: Record<string, string> = {};
  for (const field of encryptedFields[model]) {
    const value = plain[field];
    sealed[field] = await encryptText(dataKey, { model, recordUid, field }, typeof value === 'string' ? value : '');
  }
  // Every field of the model was just set above.
  return { ...(sealed as Record<(typeof encryptedFields)[M][number], string>), encrypted: true, record_uid: recordUid };
}

/** The state of one record on this device, as the screens show it. */
export type Opened<T> =
  | { state: 'plain'; record: T }
  | { state: 'open'; record: T }
  | { state: 'locked'; record: T }
  | { state: 'broken'; record: T };

/**
 * A record as the screens may show it: plain records as they are; encrypted ones decrypted, or — with no key, or
 * when a field fails to open — with empty title and body and a state that says why, never the ciphertext.
 */
export async function openRecord<T extends Fields & EncryptionMarks>(
  dataKey: DataKey | null,
  model: EncryptableModel,
  record: T,
): Promise<Opened<T>> {
  if (!record.encrypted) return { state: 'plain', record };
  const blanked = { ...record };
  for (const field of encryptedFields[model]) (blanked as Fields)[field] = '';
  if (!dataKey) return { state: 'locked', record: blanked };
  const recordUid = record.record_uid;
  if (!recordUid) return { state: 'broken', record: blanked };
  const opened: Fields = {};
  try {
    for (const field of encryptedFields[model]) {
      const value = record[field];
      if (isCiphertext(value)) opened[field] = await decryptText(dataKey, { model, recordUid, field }, value);
      else if (value) throw new UndecryptableError();
      else opened[field] = '';
    }
  } catch (error) {
    if (error instanceof UndecryptableError) return { state: 'broken', record: blanked };
    throw error;
  }
  return { state: 'open', record: { ...record, ...opened } };
}

/** The changes that store a record plain again (turning encryption off). */
export async function unsealRecord(
  dataKey: DataKey | null,
  model: EncryptableModel,
  record: Fields & EncryptionMarks,
): Promise<Fields & { encrypted: false; record_uid: null }> {
  if (!dataKey) throw new CryptoAlert('noDecryptKey');
  const opened = await openRecord(dataKey, model, record);
  if (opened.state === 'broken') throw new UndecryptableError();
  const plain: Fields = {};
  for (const field of encryptedFields[model]) plain[field] = opened.record[field] ?? '';
  return { ...plain, encrypted: false, record_uid: null };
}
