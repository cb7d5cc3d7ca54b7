import { formatDisplayDate } from '../../lib/date-display';
import { describeRepeat } from '../../lib/repeat-rule';
import type { AnyRecord } from '../../api/resource';
import type { FieldSpec } from './field-spec';
import type { ModelView } from './model-view';
import { excerpt, htmlToText } from './rich-text';
import { formatMoney } from '../../lib/money';

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A field of a record as text for lists and detail pages; empty string when there is nothing to show. */
export function displayValue(spec: FieldSpec, record: AnyRecord, full = false): string {
  const value = record[spec.name];
  if (value === null || value === undefined || value === '') return '';
  switch (spec.kind.type) {
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'select':
      return spec.kind.labels[String(value)] ?? String(value);
    case 'money':
      return formatMoney(value, record[spec.kind.currencyField]);
    case 'rating':
      return typeof value === 'number' ? `${'★'.repeat(value)}${'☆'.repeat(Math.max(0, 5 - value))}` : '';
    case 'richtext':
      return typeof value === 'string' ? (full ? htmlToText(value) : excerpt(value)) : '';
    case 'datetime':
      return typeof value === 'string' ? formatDisplayDate(value) : '';
    case 'weekdays':
      return Array.isArray(value) ? value.map((d) => weekdayNames[Number(d)] ?? '').join(', ') : '';
    case 'repeat':
      return typeof value === 'string' ? describeRepeat(value) : '';
    case 'tags':
      return Array.isArray(value) ? value.map(String).join(', ') : '';
    case 'choices':
    case 'channels': {
      const { labels } = spec.kind;
      return Array.isArray(value) ? value.map((item) => labels[String(item)] ?? String(item)).join(', ') : '';
    }
    case 'lines':
      return Array.isArray(value)
        ? value
            .map((item: { title?: string }) => item?.title ?? '')
            .filter(Boolean)
            .join(full ? '\n' : ' · ')
        : '';
    case 'reference':
      return `#${String(value)}`;
    case 'references':
      return Array.isArray(value) && value.length ? `${value.length} linked` : '';
    case 'textarea':
      return typeof value === 'string' && !full ? excerpt(value) : String(value);
    default:
      return String(value);
  }
}

/** The short line under a record's title in a list: its date, status-like choices and a text excerpt. */
export function summaryLine(view: ModelView, record: AnyRecord): string {
  const parts: string[] = [];
  for (const spec of view.fields) {
    if (spec.name === view.titleField) continue;
    const isShort = ['select', 'date', 'datetime', 'number', 'money', 'rating', 'checkbox', 'tags', 'repeat'].includes(
      spec.kind.type,
    );
    if (!isShort) continue;
    if (spec.kind.type === 'checkbox' && record[spec.name] !== true) continue;
    const text = displayValue(spec, record);
    const labelled = spec.kind.type === 'number' || spec.kind.type === 'money' || spec.kind.type === 'tags';
    if (text) parts.push(spec.kind.type === 'checkbox' ? spec.label : labelled ? `${spec.label}: ${text}` : text);
    if (parts.length >= 4) break;
  }
  const longSpec = view.fields.find(
    (s) => s.name !== view.titleField && (s.kind.type === 'textarea' || s.kind.type === 'richtext') && record[s.name],
  );
  if (longSpec) parts.push(displayValue(longSpec, record));
  return parts.join(' · ');
}
