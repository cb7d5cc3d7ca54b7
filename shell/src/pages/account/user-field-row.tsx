import { useState } from 'react';
import type { FormEvent } from 'react';
import { userUpdateFields } from '@lifeboard/shared/models/user';
import type { UserUpdateField } from '@lifeboard/shared/models/user';
import { updateUser } from '../../auth/session-actions';
import { SubmitButton, TextField, failureMessage, serverMessages, useDraft } from '../auth/form-parts';
import { TimeZoneSelect } from '../auth/timezone-select';

/**
 * Saves one user field with its own `/api/user/update` call (the contract takes exactly one field).
 * Checked first against the shared schema; the answer's message for this field is shown beside it.
 * `null` means the field was saved.
 */
export async function saveUserField(field: UserUpdateField, value: unknown): Promise<string | null> {
  const check = userUpdateFields[field].safeParse(value);
  if (!check.success) return check.error.issues[0]?.message ?? 'is not valid';
  const result = await updateUser(field, check.data);
  if (result.ok) return null;
  const messages = serverMessages(result.error);
  // `location` is stored as lat and lon, so the server may name either.
  return messages[field] ?? messages.lat ?? messages.lon ?? failureMessage(result.error);
}

export type TextUserField = 'name' | 'phone_number' | 'tagline' | 'location' | 'timezone';

/** The text typed becomes the field's value: blank optional fields are cleared. */
function toValue(field: TextUserField, text: string): unknown {
  const trimmed = text.trim();
  if (field === 'name' || field === 'timezone') return text;
  if (trimmed === '') return null;
  return trimmed;
}

interface TextRowProps {
  field: TextUserField;
  label: string;
  saved: string;
  hint?: string;
  type?: 'text' | 'tel';
}

/** One field, its own form and Save button; what is typed is a draft until it is saved. */
export function UserTextRow({ field, label, saved, hint, type = 'text' }: TextRowProps) {
  const [form, update, discard] = useDraft(`account:${field}`, { text: saved });
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setDone(false);
    const failed = await saveUserField(field, toValue(field, form.text));
    setBusy(false);
    setError(failed ?? undefined);
    if (failed) return;
    discard();
    setDone(true);
  }

  return (
    <form className="lb-row-form" onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      {field === 'timezone' ? (
        <TimeZoneSelect
          name={field}
          label={label}
          value={form.text}
          onChange={(text) => update({ text })}
          error={error}
        />
      ) : (
        <TextField
          name={field}
          label={label}
          type={type}
          value={form.text}
          onChange={(text) => update({ text })}
          error={error}
          hint={hint}
        />
      )}
      <SubmitButton busy={busy} label="Save" busyLabel="Saving…" />
      {done ? (
        <p className="lb-saved" role="status">
          Saved.
        </p>
      ) : null}
    </form>
  );
}

export type FlagUserField = 'show_tagline' | 'send_daily_emails' | 'has_sms_enabled' | 'using_as_user';

/** A yes/no field saves as soon as it is ticked; if the save fails the box goes back and says why. */
export function UserFlagRow({ field, label, saved }: { field: FlagUserField; label: string; saved: boolean }) {
  const [checked, setChecked] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = `field-${field}`;

  async function toggle(next: boolean) {
    setChecked(next);
    setBusy(true);
    const failed = await saveUserField(field, next);
    setBusy(false);
    setError(failed ?? undefined);
    if (failed) setChecked(!next);
  }

  return (
    <div className="lb-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={busy}
        onChange={(event) => void toggle(event.target.checked)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p id={`${id}-error`} className="lb-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
