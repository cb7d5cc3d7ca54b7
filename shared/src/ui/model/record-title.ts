import { traitsOf } from '../../models/traits';
import { excerpt } from './rich-text';

/** A record's name in pickers and lists: its model's title field as one line of text, else `#id`. */
export function recordTitle(model: string, record: Record<string, unknown>): string {
  const candidates = [traitsOf(model)?.titleField, 'title', 'name', 'text'].filter(
    (k): k is string => typeof k === 'string',
  );
  for (const key of candidates) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return excerpt(value, 80);
    if (typeof value === 'number') return String(value);
  }
  return `#${String(record.id)}`;
}
