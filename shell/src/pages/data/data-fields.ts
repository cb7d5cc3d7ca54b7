import type { SchemaIssues } from '../auth/form-parts';

/** The field kinds a user data type may have (shared `user_data_type` model). */
export const fieldKinds = ['number', 'text', 'date', 'choice'] as const;
export type FieldKind = (typeof fieldKinds)[number];

export interface DataField {
  name: string;
  kind: FieldKind;
  unit?: string | undefined;
  choices?: string[] | undefined;
}

/** A field as typed in the builder: choices as one comma-separated line. */
export interface DraftField {
  name: string;
  kind: FieldKind;
  unit: string;
  choices: string;
}

export const emptyField: DraftField = { name: '', kind: 'number', unit: '', choices: '' };

export function isFieldKind(value: string): value is FieldKind {
  return (fieldKinds as readonly string[]).includes(value);
}

/** The builder's rows as the model stores them: a unit only for numbers, choices only for choice fields. */
export function toDataFields(rows: readonly DraftField[]): DataField[] {
  return rows.map((row) => {
    const field: DataField = { name: row.name.trim(), kind: row.kind };
    if (row.kind === 'number' && row.unit.trim()) field.unit = row.unit.trim();
    if (row.kind === 'choice')
      field.choices = row.choices
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
    return field;
  });
}

/** Every issue keyed by its full path (`fields.0.name`), so each builder row shows its own. */
export function pathMessages(error: SchemaIssues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    out[key] ??= issue.message;
  }
  return out;
}

/** Reads a stored type's `fields` defensively (records come from the server as unknown JSON). */
export function readFields(value: unknown): DataField[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, kind, unit, choices } = item as Record<string, unknown>;
    if (typeof name !== 'string' || typeof kind !== 'string' || !isFieldKind(kind)) return [];
    return [
      {
        name,
        kind,
        unit: typeof unit === 'string' ? unit : undefined,
        choices: Array.isArray(choices) ? choices.filter((c): c is string => typeof c === 'string') : undefined,
      },
    ];
  });
}
