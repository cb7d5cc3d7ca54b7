import type { AnyRecord } from '../../api/resource';
import type { FieldSpec } from './field-spec';
import { htmlToText, textToHtml } from './rich-text';

/** What an input holds: text for most, a flag for checkboxes, a list for tags and multi-choices. */
export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;
export type FormErrors = Record<string, string[]>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the `datetime-local` input wants it, in the browser's time zone. */
export function instantToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function localInputToInstant(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

function titlesOf(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((item) =>
      typeof item === 'object' && item !== null && typeof (item as { title?: unknown }).title === 'string'
        ? (item as { title: string }).title
        : '',
    )
    .filter(Boolean)
    .join('\n');
}

/** The input value of one field of a record (or of a new one). */
export function toFormValue(spec: FieldSpec, value: unknown): FormValue {
  switch (spec.kind.type) {
    case 'checkbox':
      return value === true;
    case 'tags':
    case 'choices':
    case 'channels':
      return Array.isArray(value) ? value.map(String) : [];
    case 'weekdays':
    case 'references':
      return Array.isArray(value) ? value.map(String) : [];
    case 'richtext':
      return typeof value === 'string' ? htmlToText(value) : '';
    case 'datetime':
      return typeof value === 'string' ? instantToLocalInput(value) : '';
    case 'lines':
      return titlesOf(value);
    case 'money':
      return typeof value === 'number' ? (value / 100).toFixed(2) : '';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

export function initialValues(specs: readonly FieldSpec[], record?: AnyRecord): FormValues {
  return Object.fromEntries(specs.map((spec) => [spec.name, toFormValue(spec, record?.[spec.name])]));
}

/** The wire value of one input; `undefined` means "leave it out". */
function toWireValue(spec: FieldSpec, value: FormValue, before: unknown): unknown {
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value))
    return spec.kind.type === 'weekdays'
      ? value.map(Number).sort((a, b) => a - b)
      : spec.kind.type === 'references'
        ? value.map(Number)
        : value;
  const text = spec.kind.type === 'richtext' || spec.kind.type === 'textarea' ? value : value.trim();
  const empty = text === '';
  switch (spec.kind.type) {
    case 'number':
    case 'reference':
    case 'rating':
      return empty ? (spec.nullable ? null : undefined) : Number(text);
    // Cents, rounded: 19.99 is 1999, not 1998.9999999999998.
    case 'money':
      return empty ? (spec.nullable ? null : undefined) : Math.round(Number(text) * 100);
    case 'datetime':
      return empty ? (spec.nullable ? null : undefined) : localInputToInstant(text);
    case 'richtext':
      return textToHtml(text);
    case 'lines': {
      const old = Array.isArray(before) ? before : [];
      return text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((title, i) => {
          const previous: unknown = old[i];
          return typeof previous === 'object' && previous !== null ? { ...previous, title } : { title };
        });
    }
    case 'select':
    case 'date':
    case 'time':
    case 'color':
    case 'repeat':
      return empty ? (spec.nullable ? null : undefined) : text;
    default:
      return empty && spec.nullable ? null : text;
  }
}

/**
 * The body of a create (every filled field) or an update (only the fields that changed, so a field
 * this form cannot show is never overwritten).
 */
export function toPayload(
  specs: readonly FieldSpec[],
  values: FormValues,
  record?: AnyRecord,
): Record<string, unknown> {
  const initial = record ? initialValues(specs, record) : null;
  const payload: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = values[spec.name] ?? toFormValue(spec, undefined);
    if (initial && JSON.stringify(initial[spec.name]) === JSON.stringify(value)) continue;
    const wire = toWireValue(spec, value, record?.[spec.name]);
    if (wire === undefined) continue;
    if (!record && wire === '' && !spec.required) continue;
    payload[spec.name] = wire;
  }
  return payload;
}
