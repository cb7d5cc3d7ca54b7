import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { AnyRecord } from '../api/resource';
import { ValidationError } from '../api/errors';
import { loadOnce } from '../lib/load-once';
import { getCollection } from '../stores/collection';
import { discardDraft, loadDraft, saveDraft } from '../stores/drafts';
import { Button } from './Button';
import { FieldInput } from './model/FieldInput';
import { updateRecord } from './model/record-cache';
import { initialValues, toPayload } from './model/form-values';
import type { FormErrors, FormValue, FormValues } from './model/form-values';
import { modelView } from './model/model-view';
import type { validatePayload } from './model/validate';
import './tokens.css';
import './model.css';

export interface ModelFormProps {
  model: string;
  /** The record to edit; absent: a create form. */
  record?: AnyRecord;
  /** Values a new record starts with (e.g. today's date). */
  defaults?: Record<string, unknown>;
  onSaved?: (record: AnyRecord) => void;
  onCancel?: () => void;
  submitLabel?: string;
}

/** The draft key of a form: one per model and record, so two open forms never share text. */
export function draftKey(model: string, id?: number): string {
  return `model:${model}:${id ?? 'new'}`;
}

function isFormValues(value: unknown): value is FormValues {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const loadSchemaCheck = loadOnce(() => import('./model/validate').then((module) => module.validatePayload));

/**
 * The schema check, with zod and the registry (≈ 26 kB gzip), loaded when a person first moves into a form, not
 * when it is shown: a screen with a form below its list (the planner's "Plan something") does not pay for it on
 * its first visit. Null when it cannot load (offline): the form then submits unchecked and the server's 422
 * marks the fields, as it would anyway.
 */
function loadValidation(): Promise<typeof validatePayload | null> {
  return loadSchemaCheck().catch(() => null);
}

/**
 * The create/edit form of any registry model, built from its field descriptions (field-catalog.ts). It
 * validates with the same schema as the API (on blur and on submit), maps a 422's `errors` onto the fields,
 * keeps a draft of what was typed (restored after a reload) and never clears what the user typed when saving
 * fails.
 */
export function ModelForm({ model, record, defaults, onSaved, onCancel, submitLabel }: ModelFormProps) {
  const view = modelView(model);
  const all = view?.fields ?? [];
  // A create-only field (a lesson's first text) is edited elsewhere once the record exists.
  const specs = record ? all.filter((spec) => !spec.createOnly) : all;
  const key = draftKey(model, record?.id);
  const [values, setValues] = useState<FormValues>(() => {
    const draft = loadDraft<unknown>(key);
    const base = initialValues(specs, record ?? ({ ...defaults } as AnyRecord));
    return draft && isFormValues(draft.value) ? { ...base, ...draft.value } : base;
  });
  const [restored] = useState(() => loadDraft<unknown>(key) !== null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const touched = useRef(false);

  useEffect(() => {
    if (touched.current) saveDraft(key, values);
  }, [key, values]);

  if (!view) return <p role="alert">Unknown model: {model}</p>;
  const label = view.label;

  function change(name: string, value: FormValue) {
    touched.current = true;
    setValues((current) => ({ ...current, [name]: value }));
  }

  async function validateField(name: string) {
    const payload = toPayload(specs, values, record);
    const check = await loadValidation();
    if (!check) return;
    const found = check(model, specs, payload, !record);
    setErrors((current) => {
      const next = { ...current };
      if (found[name]) next[name] = found[name];
      else delete next[name];
      return next;
    });
  }

  function focusFirstError() {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const payload = toPayload(specs, values, record);
    const check = await loadValidation();
    const found = check ? check(model, specs, payload, !record) : {};
    setErrors(found);
    if (Object.keys(found).length) {
      setBusy(false);
      focusFirstError();
      return;
    }
    if (record && Object.keys(payload).length === 0) {
      setBusy(false);
      discardDraft(key);
      onSaved?.(record);
      return;
    }
    const collection = getCollection(model);
    const result = record ? await updateRecord(model, record.id, payload) : await collection.create(payload);
    setBusy(false);
    if (!result.ok) {
      const fieldErrors = result.error instanceof ValidationError ? result.error.fieldErrors : {};
      setErrors({
        ...fieldErrors,
        _form: [
          Object.keys(fieldErrors).length
            ? 'Please correct the marked fields.'
            : `${label} was not saved: ${result.error.message}`,
        ],
      });
      focusFirstError();
      return;
    }
    discardDraft(key);
    touched.current = false;
    if (!record) setValues(initialValues(specs, { ...defaults } as AnyRecord));
    onSaved?.(result.data);
  }

  function handleCancel() {
    discardDraft(key);
    touched.current = false;
    onCancel?.();
  }

  return (
    <form
      ref={formRef}
      className="lb-model-form lb-stack"
      noValidate
      onFocus={() => void loadValidation()}
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={record ? `Edit ${label.toLowerCase()}` : `New ${label.toLowerCase()}`}
    >
      {restored ? <p className="lb-muted">Restored your unsaved changes.</p> : null}
      {specs.map((spec) => (
        <FieldInput
          key={spec.name}
          spec={spec}
          value={values[spec.name]}
          error={errors[spec.name]}
          onChange={(value) => change(spec.name, value)}
          onBlur={() => void validateField(spec.name)}
        />
      ))}
      {errors._form ? (
        <p className="lb-field__error" role="alert">
          {errors._form.join(' ')}
        </p>
      ) : null}
      <div className="lb-row">
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel ?? (record ? 'Save changes' : `Add ${label.toLowerCase()}`)}
        </Button>
        {onCancel ? <Button onClick={handleCancel}>Cancel</Button> : null}
      </div>
    </form>
  );
}
