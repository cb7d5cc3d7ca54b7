import type { AnyModelDefinition } from '@lifeboard/shared/models';
import { sanitizeRichText } from '../rich-text/sanitize';
import type { RecordData } from './model-hooks';

/** Every rich-text field of a model is cleaned on the way in, whatever the client claims to have done. */
export function sanitizeRecord(def: AnyModelDefinition, data: RecordData): RecordData {
  if (def.richText.length === 0) return data;
  const clean: RecordData = { ...data };
  for (const field of def.richText) {
    const value = clean[field];
    if (typeof value === 'string') clean[field] = sanitizeRichText(value);
  }
  return clean;
}
