import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from '@lifeboard/shared/lib/router';
import { notify } from '@lifeboard/shared/stores/notifications';
import { pathAfterSignIn } from './after-sign-in';
import { codeUnavailableMessage, loadSignInCode, warmUpSignInCode } from './deferred';
import { FormAlert, NewPasswordField, TextField, failureMessage, serverMessages, useDraft, zodMessages } from './form-parts';
import type { FieldMessages } from './form-parts';

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
    const [{ registerBody }, { register }] = code;
    const body = {
      name: form.name, email: form.email, password,
      ...(programGuid ? { program_guid: programGuid } : {}),
      ...(asCreator ? { as_creator: true } : {}),
      ...(invitation ? { invitation } : {}),
    };
    const check = registerBody.safeParse(body);
    if (!check.success) {
      setBusy(false);
      setErrors(zodMessages(check.error));
      setMessage(null);
      return;
    }
    // The draft is keyed by the signed-in user, so the anonymous one goes now and comes back on failure.
    discard();
    const result = await register(check.data);
    setBusy(false);
    if (!result.ok) {
      update({});
      setErrors(serverMessages(result.error));
      setMessage(failureMessage(result.error));
      return;
    }
    // The server subscribed the new account (its board is already the current one); nothing is left to buy.
    const subscribed = Boolean(result.data.subscription);
    if (programGuid && !subscribed) {
      notify({ kind: 'info', message: 'The program of your link is not available, so your account starts without it. You can choose one under Programs.' });
    }
    navigate(pathAfterSignIn(subscribed ? undefined : programGuid));
  }

  return (
    <form className="lb-form" onSubmit={(event) => void submit(event)} onFocus={warmUpSignInCode} noValidate>
      <FormAlert message={message} />
      <TextField label="Name" name="name" autoComplete="name" required value={form.name} onChange={(name) => update({ name })} error={errors.name} />
      <TextField label="E-mail" name="email" type="email" autoComplete="email" required
        value={form.email} onChange={(email) => update({ email })} error={errors.email} />
      <NewPasswordField label="Password" required value={password} onChange={setPassword} error={errors.password} userInputs={[form.name, form.email]} />
      <button className="lb-button" type="submit" disabled={busy}>{busy ? 'Creating your account…' : 'Create account'}</button>
      <p className="lb-form-links"><Link to="/login">Already have an account? Sign in</Link></p>
    </form>
  );
}
