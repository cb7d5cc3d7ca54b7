import { useState } from 'react';
import { Link, useSearchParams } from '@lifeboard/shared/lib/router';
import { MailOffNotice } from '@lifeboard/shared/ui/MailOffNotice';
import ResetPassword from './ResetPassword';
import { useAuthSubmit } from './auth-submit';
import { loadPasswordEmailCode, warmUpPasswordEmailCode } from './deferred';
import { EmailField, FormAlert, SubmitButton, failureMessage, useDraft } from './form-parts';

/**
 * `/forgot-password`. The answer is the same whether or not the address has an account, so the page
 * never tells a visitor which e-mail addresses are registered. Only a failure that is not about the
 * address (no connection, too many requests, a server error) is reported, and the form stays filled.
 */
export default function ForgotPassword() {
  const [search] = useSearchParams();
  // Links mailed before the reset page had its own address pointed here: they still open the reset form.
  return search.get('token') ? <ResetPassword /> : <RequestResetLink />;
}

function RequestResetLink() {
  const [form, update, discard] = useDraft('forgot-password', { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { submit, errors, message, busy } = useAuthSubmit(
    loadPasswordEmailCode,
    async ([{ email: emailSchema }, { sendPasswordResetEmail }]) => {
      const check = emailSchema.safeParse(form.email);
      if (!check.success) return { errors: { email: check.error.issues[0]?.message ?? 'must be an e-mail address' } };
      const result = await sendPasswordResetEmail(check.data);
      if (!result.ok && (result.status === 0 || result.status === 429 || result.status >= 500)) {
        setSentTo(null);
        return { message: failureMessage(result.error) };
      }
      discard();
      setSentTo(check.data);
      return undefined;
    },
  );

  return (
    <div className="lb-auth-page">
      <h1>Forgot your password?</h1>
      <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <MailOffNotice what="No reset link can be sent: ask the person who runs it to reset your password." />
      <form className="lb-form" onSubmit={submit} onFocus={warmUpPasswordEmailCode} noValidate>
        <FormAlert message={message} />
        <FormAlert
          kind="success"
          message={sentTo ? `If an account exists for ${sentTo}, a link to reset its password is on its way.` : null}
        />
        <EmailField required value={form.email} onChange={(email) => update({ email })} error={errors.email} />
        <SubmitButton busy={busy} label="Send the link" busyLabel="Sending…" />
      </form>
      <p className="lb-form-links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </div>
  );
}
