import { formatDisplayDate } from '../../lib/date-display';
import { describeRepeat } from '../../lib/repeat';
import type { AnyRecord } from '../../api/resource';
import type { FieldSpec } from './field-spec';
import type { ModelView } from './model-view';
import { humanize } from './field-spec';
import { excerpt, htmlToText } from './rich-text';

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A field's value as text for lists and detail pages; empty string when there is nothing to show. */
export function displayValue(spec: FieldSpec, value: unknown, full = false): string {
  if (value === null || value === undefined || value === '') return '';
  switch (spec.kind.type) {
    case 'checkbox': return value === true ? 'Yes' : 'No';
    case 'select': return spec.kind.labels?.[String(value)] ?? humanize(String(value));
    case 'rating': return typeof value === 'number' ? `${'★'.repeat(value)}${'☆'.repeat(Math.max(0, 5 - value))}` : '';
    case 'richtext': return typeof value === 'string' ? (full ? htmlToText(value) : excerpt(value)) : '';
    case 'datetime': return typeof value === 'string' ? formatDisplayDate(value) : '';
    case 'weekdays': return Array.isArray(value) ? value.map((d) => weekdayNames[Number(d)] ?? '').join(', ') : '';
    case 'tags': return Array.isArray(value) ? value.map(String).join(', ') : '';
    case 'choices': {
      const labels = spec.kind.labels;
      return Array.isArray(value) ? value.map((v) => labels?.[String(v)]?.replace(/ \(.*\)$/, '') ?? String(v)).join(', ') : '';
    }
    case 'repeat': return typeof value === 'string' ? describeRepeat(value) : '';
    case 'lines': return Array.isArray(value) ? value.map((item: { title?: string }) => item?.title ?? '').filter(Boolean).join(full ? '\n' : ' · ') : '';
    case 'reference': return `#${String(value)}`;
    case 'textarea': return typeof value === 'string' && !full ? excerpt(value) : String(value);
    default: return String(value);
  }
}

/** The short line under a record's title in a list: its date, status-like choices and a text excerpt. */
export function summaryLine(view: ModelView, record: AnyRecord): string {
  const parts: string[] = [];
  for (const spec of view.fields) {
    if (spec.name === view.titleField) continue;
    const isShort = ['select', 'date', 'datetime', 'number', 'rating', 'checkbox', 'tags', 'repeat'].includes(spec.kind.type);
    if (!isShort) continue;
    if (spec.kind.type === 'checkbox' && record[spec.name] !== true) continue;
    const text = displayValue(spec, record[spec.name]);
    if (text) parts.push(spec.kind.type === 'checkbox' ? spec.label : spec.kind.type === 'number' || spec.kind.type === 'tags' ? `${spec.label}: ${text}` : text);
    if (parts.length >= 4) break;
  }
  const longSpec = view.fields.find((s) => s.name !== view.titleField && (s.kind.type === 'textarea' || s.kind.type === 'richtext') && record[s.name]);
  if (longSpec) parts.push(displayValue(longSpec, record[longSpec.name]));
  return parts.join(' · ');
}
