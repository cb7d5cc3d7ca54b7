import { useState } from 'react';
import { Link, useNavigate } from '@lifeboard/shared/lib/router';
import { notify } from '@lifeboard/shared/stores/notifications';
import { pathAfterSignIn } from './after-sign-in';
import { useAuthSubmit } from './auth-submit';
import { loadSignInCode, warmUpSignInCode } from './deferred';
import {
  EmailField,
  FormAlert,
  NewPasswordField,
  SubmitButton,
  TextField,
  failureMessage,
  serverMessages,
  useDraft,
  zodMessages,
} from './form-parts';

interface SignUpFormProps {
  asCreator: boolean;
  programGuid?: string | undefined;
  /** The token of an e-mailed invitation link. */
  invitation?: string | undefined;
}

/** Shared by `/sign-up` and `/sign-up-creator`: name and e-mail are drafts, the password is not. */
export function SignUpForm({ asCreator, programGuid, invitation }: SignUpFormProps) {
  const navigate = useNavigate();
  const [form, update, discard] = useDraft(asCreator ? 'sign-up-creator' : 'sign-up', { name: '', email: '' });
  const [password, setPassword] = useState('');
  const { submit, errors, message, busy } = useAuthSubmit(loadSignInCode, async ([{ registerBody }, { register }]) => {
    const body = {
      name: form.name,
      email: form.email,
      password,
      ...(programGuid ? { program_guid: programGuid } : {}),
      ...(asCreator ? { as_creator: true } : {}),
      ...(invitation ? { invitation } : {}),
    };
    const check = registerBody.safeParse(body);
    if (!check.success) return { errors: zodMessages(check.error) };
    // The draft is keyed by the signed-in user, so the anonymous one goes now and comes back on failure.
    discard();
    const result = await register(check.data);
    if (!result.ok) {
      update({});
      return { errors: serverMessages(result.error), message: failureMessage(result.error) };
    }
    // The server subscribed the new account (its board is already the current one); nothing is left to buy.
    const subscribed = Boolean(result.data.subscription);
    if (programGuid && !subscribed) {
      notify({
        kind: 'info',
        message:
          'The program of your link is not available, so your account starts without it. You can choose one under Programs.',
      });
    }
    void navigate(pathAfterSignIn(subscribed ? undefined : programGuid));
    return undefined;
  });

  return (
    <form className="lb-form" onSubmit={submit} onFocus={warmUpSignInCode} noValidate>
      <FormAlert message={message} />
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        value={form.name}
        onChange={(name) => update({ name })}
        error={errors.name}
      />
      <EmailField required value={form.email} onChange={(email) => update({ email })} error={errors.email} />
      <NewPasswordField
        label="Password"
        required
        value={password}
        onChange={setPassword}
        error={errors.password}
        userInputs={[form.name, form.email]}
      />
      <SubmitButton busy={busy} label="Create account" busyLabel="Creating your account…" />
      <p className="lb-form-links">
        <Link to="/login">Already have an account? Sign in</Link>
      </p>
    </form>
  );
}
