import { useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { deleteAccount } from '@lifeboard/shared/api/account';
import { Link, useNavigate } from '@lifeboard/shared/lib/router';
import { clearDrafts } from '@lifeboard/shared/stores/drafts';
import { notify } from '@lifeboard/shared/stores/notifications';
import { $session } from '@lifeboard/shared/stores/session';
import { signOutLocally } from '../../auth/session-actions';
import { FormAlert, SubmitButton, TextField, failureMessage, serverMessages } from '../auth/form-parts';

/**
 * `/security`'s "Delete your account": the password confirms it, the server removes everything and mails a
 * confirmation; this browser then forgets the session, the board data and the drafts.
 */
export function DeleteAccount() {
  const navigate = useNavigate();
  const email = useStore($session).user?.email ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (!password) {
      setError('is required to delete your account');
      return;
    }
    setError(undefined);
    setBusy(true);
    const result = await deleteAccount(password);
    setBusy(false);
    if (!result.ok) {
      setError(serverMessages(result.error).password);
      setMessage(failureMessage(result.error));
      return;
    }
    clearDrafts();
    signOutLocally();
    notify({ kind: 'success', message: `Your account is deleted. A confirmation is on its way to ${email}.` });
    void navigate('/', { replace: true });
  }

  return (
    <section className="lb-section" aria-labelledby="security-delete" id="delete-account">
      <h2 id="security-delete">Delete your account</h2>
      <p>
        This deletes your account for good: every board and everything on it, your uploaded images, your devices and any
        password-reset link. We send a confirmation to {email || 'your address'}, which is then free to sign up again.
        Nothing can be restored afterwards, so <Link to="/account#account-data">download your data</Link> first if you
        want to keep it.
      </p>
      <form className="lb-form" aria-label="Delete your account" onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert kind="error" message={message} />
        <TextField
          label="Your password"
          name="delete_password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={error}
        />
        <SubmitButton busy={busy} label="Delete my account and everything in it" busyLabel="Deleting…" danger />
      </form>
    </section>
  );
}
