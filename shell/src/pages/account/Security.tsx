import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from '@lifeboard/shared/lib/router';
import { password as passwordSchema } from '@lifeboard/shared/models/user';
import { changePassword, logout } from '../../auth/session-actions';
import {
  FormAlert,
  NewPasswordField,
  PasswordAgainField,
  SubmitButton,
  TextField,
  failureMessage,
  serverMessages,
} from '../auth/form-parts';
import type { FieldMessages } from '../auth/form-parts';
import { DeleteAccount } from './delete-account';
import { EncryptionSettings } from './encryption-settings';
import '../auth/forms.css';
import './account.css';

/**
 * `/security`: change the password (never kept as a draft), end-to-end encryption of the journal, sign this device
 * out, delete the account.
 */
export default function Security() {
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldMessages = {};
    if (!current) found.current_password = 'is required';
    const check = passwordSchema.safeParse(next);
    if (!check.success) found.password = check.error.issues[0]?.message ?? 'is not valid';
    else if (next !== confirmation) found.confirmation = 'does not match the new password';
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const result = await changePassword({ current_password: current, password: next });
    setBusy(false);
    if (!result.ok) {
      setErrors(serverMessages(result.error));
      setMessage({ kind: 'error', text: failureMessage(result.error) });
      return;
    }
    setCurrent('');
    setNext('');
    setConfirmation('');
    setMessage({ kind: 'success', text: 'Your password is changed.' });
  }

  async function signOut() {
    await logout();
    void navigate('/login');
  }

  return (
    <div className="lb-page">
      <h1>Security</h1>
      <section className="lb-section" aria-labelledby="security-password">
        <h2 id="security-password">Change your password</h2>
        <form className="lb-form" onSubmit={(event) => void submit(event)} noValidate>
          <FormAlert kind={message?.kind ?? 'error'} message={message?.text ?? null} />
          <TextField
            label="Current password"
            name="current_password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            error={errors.current_password}
          />
          <NewPasswordField label="New password" value={next} onChange={setNext} error={errors.password} />
          <PasswordAgainField value={confirmation} onChange={setConfirmation} error={errors.confirmation} />
          <SubmitButton busy={busy} label="Change password" busyLabel="Saving…" />
        </form>
      </section>
      <EncryptionSettings />
      <section className="lb-section" aria-labelledby="security-sign-out">
        <h2 id="security-sign-out">This device</h2>
        <p>Signing out removes your session and unsaved drafts from this browser.</p>
        <button className="lb-button lb-button-quiet" type="button" onClick={() => void signOut()}>
          Sign out of this device
        </button>
      </section>
      <DeleteAccount />
    </div>
  );
}
