import { useState } from 'react';
import type { FormEvent } from 'react';
import { createInvitation } from '@lifeboard/shared/api/invitations';
import type { Invitation } from '@lifeboard/shared/api/invitations';
import { RateLimitError } from '@lifeboard/shared/api/errors';
import { email as emailRule } from '@lifeboard/shared/models/user';
import { MailOffNotice } from '@lifeboard/shared/ui/MailOffNotice';
import { FormAlert, SubmitButton, TextField, failureMessage, serverMessages, useDraft } from '../auth/form-parts';
import type { FieldMessages } from '../auth/form-parts';
import type { ProgramChoice } from './published-programs';

interface InviteFormProps {
  /** The catalogue; null while it loads. */
  programs: ProgramChoice[] | null;
  onSent: (invitation: Invitation) => void;
}

const HOURLY_LIMIT =
  'You have sent as many invitations as allowed in an hour. Please try again later; what you typed is kept.';

/**
 * E-mail and, optionally, a published program to start the invitee in. Both are a draft until the invitation
 * is sent: a refused or failed send keeps the form filled and says why beside the field.
 */
export function InviteForm({ programs, onSent }: InviteFormProps) {
  const [form, update, , reset] = useDraft('invitation', { email: '', program_guid: '' });
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    const address = emailRule.safeParse(form.email);
    if (!address.success) {
      setErrors({ email: address.error.issues[0]?.message ?? 'must be an e-mail address' });
      setMessage(null);
      return;
    }
    setBusy(true);
    const result = await createInvitation({
      email: address.data,
      ...(form.program_guid ? { program_guid: form.program_guid } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      const fields = serverMessages(result.error);
      setErrors(fields);
      if (result.error instanceof RateLimitError) setMessage(HOURLY_LIMIT);
      else
        setMessage(
          Object.keys(fields).length > 0
            ? 'The invitation was not sent: see the marked field.'
            : failureMessage(result.error),
        );
      return;
    }
    reset();
    setErrors({});
    setMessage(null);
    setSent(`Invitation sent to ${result.data.email}.`);
    onSent(result.data);
  }

  const selectId = 'field-program_guid';
  // A draft may name a program that is no longer published: keep it selectable so nothing typed is lost.
  const choices =
    programs && form.program_guid && !programs.some((p) => p.guid === form.program_guid)
      ? [...programs, { guid: form.program_guid, title: 'A program no longer in the catalogue' }]
      : (programs ?? []);

  return (
    <form className="lb-form" aria-label="Invite by e-mail" onSubmit={(event) => void submit(event)} noValidate>
      <MailOffNotice what="Invitations are saved, but no e-mail goes out: share the sign-up link yourself." />
      <FormAlert message={message} />
      <FormAlert message={sent} kind="success" />
      <TextField
        label="E-mail address"
        name="email"
        type="email"
        autoComplete="off"
        required
        value={form.email}
        onChange={(value) => update({ email: value })}
        error={errors.email}
      />
      <div className="lb-field">
        <label htmlFor={selectId}>Start them in a program (optional)</label>
        <select
          id={selectId}
          name="program_guid"
          value={form.program_guid}
          disabled={programs === null}
          onChange={(event) => update({ program_guid: event.target.value })}
          aria-invalid={errors.program_guid ? true : undefined}
          aria-describedby={errors.program_guid ? `${selectId}-error` : undefined}
        >
          <option value="">{programs === null ? 'Loading programs…' : 'No program: just Lifeboard'}</option>
          {choices.map((program) => (
            <option key={program.guid} value={program.guid}>
              {program.title}
            </option>
          ))}
        </select>
        {errors.program_guid ? (
          <p id={`${selectId}-error`} className="lb-field-error">
            {errors.program_guid}
          </p>
        ) : null}
      </div>
      <SubmitButton busy={busy} label="Send invitation" busyLabel="Sending…" />
    </form>
  );
}
