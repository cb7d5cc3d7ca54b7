import type { AnyModelDefinition } from '@lifeboard/shared/models';
import { isCiphertext } from '@lifeboard/shared/crypto/format';
import { invalid } from '../errors';
import { sanitizeRichText } from '../rich-text/sanitize';
import type { RecordData } from './model-hooks';

/**
 * A record of a model with encryptable fields is either plain or encrypted, never a mix (shared/src/crypto/README.md):
 * marked `encrypted`, it has a `record_uid` and ciphertext (or nothing) in every encryptable field; unmarked, no
 * ciphertext anywhere, so none reaches the search index, the AI or a mail as if it were text. `record` is the whole
 * record as it would be stored (the stored fields with the changes over them).
 */
export function checkSealed(def: AnyModelDefinition, record: RecordData): void {
  const fields = def.encryptable ?? [];
  if (fields.length === 0) return;
  const sealed = record.encrypted === true;
  if (sealed && typeof record.record_uid !== 'string')
    throw invalid({ record_uid: ['is required on an encrypted record'] });
  for (const field of fields) {
    const value = record[field];
    if (value === undefined || value === null || value === '') continue;
    if (sealed && !isCiphertext(value))
      throw invalid({ [field]: ['must be sent encrypted: this record is marked encrypted'] });
    if (!sealed && isCiphertext(value))
      throw invalid({ [field]: ['is encrypted, but the record is not marked encrypted'] });
  }
}

/**
 * Every rich-text field of a model is cleaned on the way in, whatever the client claims to have done; only a
 * record marked encrypted keeps its ciphertext as it is, once `checkSealed` proved it is ciphertext (which holds
 * no markup: base64url after a prefix). `stored`: the record an update changes.
 */
export function sanitizeRecord(def: AnyModelDefinition, data: RecordData, stored?: RecordData): RecordData {
  if (def.richText.length === 0) return data;
  // An update that leaves the mark alone keeps the stored record's.
  const marked = data.encrypted ?? stored?.encrypted;
  const sealed = marked === true && (def.encryptable ?? []).length > 0;
  const clean: RecordData = { ...data };
  for (const field of def.richText) {
    const value = clean[field];
    if (typeof value !== 'string') continue;
    if (sealed && def.encryptable?.includes(field) && isCiphertext(value)) continue;
    clean[field] = sanitizeRichText(value);
  }
  return clean;
}
