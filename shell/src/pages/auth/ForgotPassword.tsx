import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from '@lifeboard/shared/lib/router';
import ResetPassword from './ResetPassword';
import { codeUnavailableMessage, loadPasswordEmailCode, warmUpPasswordEmailCode } from './deferred';
import { FormAlert, TextField, failureMessage, useDraft } from './form-parts';

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
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const code = await loadPasswordEmailCode().catch(() => null);
    if (!code) {
      setBusy(false);
      setFailed(codeUnavailableMessage);
      return;
    }
    const [{ email: emailSchema }, { sendPasswordResetEmail }] = code;
    const check = emailSchema.safeParse(form.email);
    if (!check.success) {
      setBusy(false);
      setError(check.error.issues[0]?.message ?? 'must be an e-mail address');
      return;
    }
    setError(undefined);
    const result = await sendPasswordResetEmail(check.data);
    setBusy(false);
    if (!result.ok && (result.status === 0 || result.status === 429 || result.status >= 500)) {
      setSentTo(null);
      setFailed(failureMessage(result.error));
      return;
    }
    setFailed(null);
    discard();
    setSentTo(check.data);
  }

  return (
    <div className="lb-auth-page">
      <h1>Forgot your password?</h1>
      <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <form className="lb-form" onSubmit={(event) => void submit(event)} onFocus={warmUpPasswordEmailCode} noValidate>
        <FormAlert message={failed} />
        <FormAlert kind="success" message={sentTo ? `If an account exists for ${sentTo}, a link to reset its password is on its way.` : null} />
        <TextField label="E-mail" name="email" type="email" autoComplete="email" required
          value={form.email} onChange={(email) => update({ email })} error={error} />
        <button className="lb-button" type="submit" disabled={busy}>{busy ? 'Sending…' : 'Send the link'}</button>
      </form>
      <p className="lb-form-links"><Link to="/login">Back to sign in</Link></p>
    </div>
  );
}
