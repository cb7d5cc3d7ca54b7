import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from '@lifeboard/shared/lib/router';
import { askedPage, pathAfterSignIn } from './after-sign-in';
import { useAuthSubmit } from './auth-submit';
import { loadSignInCode, warmUpSignInCode } from './deferred';
import {
  EmailField,
  FormAlert,
  SubmitButton,
  TextField,
  failureMessage,
  serverMessages,
  useDraft,
  zodMessages,
} from './form-parts';

/** `/login/:programGuid?` — e-mail and password; the e-mail is kept as a draft, the password never. */
export default function Login() {
  const { programGuid } = useParams();
  const navigate = useNavigate();
  const asked = askedPage(useLocation().state);
  const [form, update, discard] = useDraft('login', { email: '' });
  const [password, setPassword] = useState('');
  const { submit, errors, message, busy } = useAuthSubmit(loadSignInCode, async ([{ loginBody }, { login }]) => {
    const check = loginBody.safeParse({ email: form.email, password });
    if (!check.success) return { errors: zodMessages(check.error) };
    // The draft is keyed by the signed-in user, so the anonymous one goes now and comes back on failure.
    discard();
    const result = await login({ email: check.data.email, password });
    if (!result.ok) {
      update({});
      return {
        errors: serverMessages(result.error),
        message:
          result.error.status === 401
            ? 'That e-mail and password do not match an account.'
            : failureMessage(result.error),
      };
    }
    void navigate(pathAfterSignIn(programGuid, asked), { replace: true });
    return undefined;
  });

  return (
    <div className="lb-auth-page">
      <h1>Sign in</h1>
      {programGuid ? <p>Sign in to continue with the program you chose.</p> : null}
      <form className="lb-form" onSubmit={submit} onFocus={warmUpSignInCode} noValidate>
        <FormAlert message={message} />
        <EmailField required value={form.email} onChange={(email) => update({ email })} error={errors.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <SubmitButton busy={busy} label="Sign in" busyLabel="Signing in…" />
      </form>
      <p className="lb-form-links">
        <Link to="/forgot-password">Forgot your password?</Link>
        <Link to={programGuid ? `/sign-up/${encodeURIComponent(programGuid)}` : '/sign-up'}>Create an account</Link>
      </p>
    </div>
  );
}
