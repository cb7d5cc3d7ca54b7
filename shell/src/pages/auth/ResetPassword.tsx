import { useState } from 'react';
import { Link, useParams, useSearchParams } from '@lifeboard/shared/lib/router';
import { useAuthSubmit } from './auth-submit';
import { loadSignInCode, warmUpSignInCode } from './deferred';
import { EmailField, FormAlert, NewPasswordField, PasswordAgainField, SubmitButton, TextField } from './form-parts';
import type { FieldMessages } from './form-parts';

/**
 * `/reset-password/:token?` — the token comes from the e-mailed link (`?email=…&token=…`, or the path), so the
 * form asks only for the new password; opened without one, it also asks for the reset code of the mail.
 */
export default function ResetPassword() {
  const params = useParams();
  const [search] = useSearchParams();
  const linkToken = params.token ?? search.get('token') ?? '';
  const [token, setToken] = useState(linkToken);
  const [email, setEmail] = useState(search.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);
  const { submit, errors, message, busy } = useAuthSubmit(
    loadSignInCode,
    async ([{ email: emailSchema, password: passwordSchema }, { resetPassword }]) => {
      const found: FieldMessages = {};
      if (!token.trim()) found.token = 'is required: use the link from the e-mail';
      const checkedEmail = emailSchema.safeParse(email);
      if (!checkedEmail.success) found.email = checkedEmail.error.issues[0]?.message ?? 'must be an e-mail address';
      const checkedPassword = passwordSchema.safeParse(password);
      if (!checkedPassword.success) found.password = checkedPassword.error.issues[0]?.message ?? 'is not valid';
      else if (password !== confirmation) found.confirmation = 'does not match the new password';
      if (Object.keys(found).length > 0 || !checkedEmail.success) return { errors: found };
      if (!(await resetPassword({ token: token.trim(), email: checkedEmail.data, password }))) {
        return {
          message:
            'The password could not be reset: the link may have expired or been used already. Ask for a new one.',
        };
      }
      setDone(true);
      return undefined;
    },
  );

  if (done) {
    return (
      <div className="lb-auth-page">
        <h1>Password changed</h1>
        <FormAlert kind="success" message="Your new password is set." />
        <p>
          <Link to="/login">Sign in with it</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="lb-auth-page">
      <h1>Choose a new password</h1>
      <form className="lb-form" onSubmit={submit} onFocus={warmUpSignInCode} noValidate>
        <FormAlert message={message} />
        {linkToken ? null : (
          <TextField
            label="Reset code"
            name="token"
            value={token}
            onChange={setToken}
            error={errors.token}
            autoComplete="one-time-code"
          />
        )}
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <NewPasswordField
          label="New password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          userInputs={[email]}
        />
        <PasswordAgainField value={confirmation} onChange={setConfirmation} error={errors.confirmation} />
        <SubmitButton busy={busy} label="Set the new password" busyLabel="Saving…" />
      </form>
      <p className="lb-form-links">
        <Link to="/forgot-password">Ask for a new link</Link>
      </p>
    </div>
  );
}
