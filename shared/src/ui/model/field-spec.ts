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
  /** One of a few values; `labels` names every one of them as screens show it. */
  | { type: 'select'; options: string[]; labels: Record<string, string> }
  | { type: 'checkbox' }
  | { type: 'number'; min?: number; max?: number; integer: boolean }
  /** Whole cents, typed and shown as an amount ("29.00") in the currency the record's `currencyField` holds. */
  | { type: 'money'; currencyField: string; max?: number }
  /** A web address. */
  | { type: 'url'; maxLength?: number }
  /** A 1–5 rating (the registry's `rating` field): picked as stars, shown as stars. */
  | { type: 'rating' }
  | { type: 'date' }
  | { type: 'datetime' }
  | { type: 'time' }
  | { type: 'color' }
  | { type: 'tags' }
  | { type: 'weekdays' }
  /** A recurrence rule, picked from presets (daily, weekdays, weekly on days, monthly, custom); never typed. */
  | { type: 'repeat' }
  | { type: 'choices'; options: string[]; labels: Record<string, string> }
  /** A reminder's channels: choices, but a text message only where the server can send one to the user (ChannelsInput). */
  | { type: 'channels'; options: string[]; labels: Record<string, string> }
  | { type: 'reference'; model: string }
  /** Links to several records of a model (`value_ids`): picked as checkboxes, by their titles. */
  | { type: 'references'; model: string }
  /** An ordered list of items with a title (steps, tasks, milestones): one line per item. */
  | { type: 'lines' };

export interface FieldSpec {
  name: string;
  /** What screens call the field: the model's own words for it, else its name in plain words. */
  label: string;
  /** A line under the input saying what to put there. */
  help?: string;
  kind: FieldKind;
  nullable: boolean;
  required: boolean;
  /** Shown in the form that adds a record, not in the one that edits it (another screen edits it then). */
  createOnly?: true;
}

/** A name in plain words (`want_to_visit` → "Want to visit"): only the generator uses it, for names the model gives no words for. */
export function humanize(name: string): string {
  const words = name.replace(/_id$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
