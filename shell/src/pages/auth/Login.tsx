import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from '@lifeboard/shared/lib/router';
import { pathAfterSignIn } from './after-sign-in';
import { codeUnavailableMessage, loadSignInCode, warmUpSignInCode } from './deferred';
import { FormAlert, TextField, failureMessage, serverMessages, useDraft, zodMessages } from './form-parts';
import type { FieldMessages } from './form-parts';

/** `/login/:programGuid?` — e-mail and password; the e-mail is kept as a draft, the password never. */
export default function Login() {
  const { programGuid } = useParams();
  const navigate = useNavigate();
  const [form, update, discard] = useDraft('login', { email: '' });
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const code = await loadSignInCode().catch(() => null);
    if (!code) {
      setBusy(false);
      setMessage(codeUnavailableMessage);
      return;
    }
    const [{ loginBody }, { login }] = code;
    const check = loginBody.safeParse({ email: form.email, password });
    if (!check.success) {
      setBusy(false);
      setErrors(zodMessages(check.error));
      setMessage(null);
      return;
    }
    // The draft is keyed by the signed-in user, so the anonymous one goes now and comes back on failure.
    discard();
    const result = await login({ email: check.data.email, password });
    setBusy(false);
    if (!result.ok) {
      update({});
      setErrors(serverMessages(result.error));
      setMessage(result.error.status === 401 ? 'That e-mail and password do not match an account.' : failureMessage(result.error));
      return;
    }
    navigate(pathAfterSignIn(programGuid));
  }

  return (
    <div className="lb-auth-page">
      <h1>Sign in</h1>
      {programGuid ? <p>Sign in to continue with the program you chose.</p> : null}
      <form className="lb-form" onSubmit={(event) => void submit(event)} onFocus={warmUpSignInCode} noValidate>
        <FormAlert message={message} />
        <TextField label="E-mail" name="email" type="email" autoComplete="email" required
          value={form.email} onChange={(email) => update({ email })} error={errors.email} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required
          value={password} onChange={setPassword} error={errors.password} />
        <button className="lb-button" type="submit" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</button>
      </form>
      <p className="lb-form-links">
        <Link to="/forgot-password">Forgot your password?</Link>
        <Link to={programGuid ? `/sign-up/${encodeURIComponent(programGuid)}` : '/sign-up'}>Create an account</Link>
      </p>
    </div>
  );
}
