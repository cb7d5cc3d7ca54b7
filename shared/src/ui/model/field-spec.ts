/**
 * How the schema-driven kit shows a model's fields, as plain data: the list, detail and form screens read
 * these descriptions (field-catalog.ts) and never need zod or the model registry to render. Only checking a
 * form's values against the schema loads them (validate.ts).
 */

/** How the schema-driven form shows one field of a model. */
export type FieldKind =
  | { type: 'text'; maxLength?: number }
  | { type: 'textarea'; maxLength?: number }
  | { type: 'richtext' }
  | { type: 'select'; options: string[]; labels?: Record<string, string> }
  | { type: 'checkbox' }
  | { type: 'number'; min?: number; max?: number; integer: boolean }
  /** A 1–5 rating (the registry's `rating` field): picked as stars, shown as stars. */
  | { type: 'rating' }
  | { type: 'date' }
  | { type: 'datetime' }
  | { type: 'time' }
  | { type: 'color' }
  | { type: 'tags' }
  | { type: 'weekdays' }
  | { type: 'choices'; options: string[]; labels?: Record<string, string> }
  /** A recurrence rule (RRULE), picked from presets: every day, weekdays, weekly on…, monthly on…, custom. */
  | { type: 'repeat' }
  | { type: 'reference'; model: string }
  /** An ordered list of items with a title (steps, tasks, milestones): one line per item. */
  | { type: 'lines' };

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  nullable: boolean;
  required: boolean;
}

export function humanize(name: string): string {
  const words = name.replace(/_id$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
