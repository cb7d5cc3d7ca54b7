import type { z } from '../../models/zod';
import { createSchema, findModel, updateSchema } from '../../models/index';
import type { FieldSpec } from './field-spec';
import type { FormErrors } from './form-values';

/*
 * Checking a form against the model's schema: the only part of the schema-driven kit that needs zod and the
 * registry (≈ 30 kB gzip). ModelForm loads this module when a form opens, so lists and detail pages never do.
 */

function messageFor(spec: FieldSpec | undefined, issue: z.core.$ZodIssue, payload: Record<string, unknown>): string {
  const field = issue.path[0];
  if (spec && typeof field === 'string' && payload[field] === undefined) return `${spec.label} is required`;
  const label = spec?.label ?? String(field ?? 'This form');
  // The registry's messages read as a predicate ("must be at most 200 characters"): prefix the label.
  return /^[a-z]/.test(issue.message) ? `${label} ${issue.message}` : issue.message;
}

/** The schema's verdict on a payload of `model`, as messages per field (`_form` for what belongs to no field). */
export function validatePayload(
  model: string,
  specs: readonly FieldSpec[],
  payload: Record<string, unknown>,
  isNew: boolean,
): FormErrors {
  const def = findModel(model);
  if (!def) return { _form: [`Unknown model: ${model}`] };
  const result = (isNew ? createSchema(def) : updateSchema(def)).safeParse(payload);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : '_form';
    const spec = specs.find((s) => s.name === field);
    (errors[field] ??= []).push(messageFor(spec, issue, payload));
  }
  return errors;
}
