import { useStore } from '@nanostores/react';
import { Link } from '@lifeboard/shared/lib/router';
import { readSmsConfig, smsConfigUrl } from '@lifeboard/shared/api/notifications';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { MailOffNotice } from '@lifeboard/shared/ui/MailOffNotice';
import type { User } from '@lifeboard/shared/models/user';
import { $session } from '@lifeboard/shared/stores/session';
import { useState } from 'react';
import { FormAlert } from '../auth/form-parts';
import { AiModelRow } from './ai-model-row';
import { ExportAccount } from './export-account';
import { UserFlagRow, UserTextRow, saveUserField } from './user-field-row';
import '../auth/forms.css';
import './account.css';

/** `/account`: every user field of spec §3, each saved by its own call, errors shown by the field. */
export default function Account() {
  const user = useStore($session).user;
  if (!user)
    return (
      <div className="lb-page">
        <p>Sign in to see your account.</p>
      </div>
    );
  const location = user.lat !== null && user.lon !== null ? `${user.lat},${user.lon}` : '';
  return (
    <div className="lb-page">
      <h1>Account</h1>
      <p className="lb-muted">Signed in as {user.email}. Each setting is saved on its own.</p>
      <section className="lb-section" aria-labelledby="account-profile">
        <h2 id="account-profile">Profile</h2>
        <UserTextRow field="name" label="Name" saved={user.name} />
        <UserTextRow field="tagline" label="Tagline" saved={user.tagline ?? ''} hint="Leave empty to remove it." />
        <UserFlagRow field="show_tagline" label="Show my tagline" saved={user.show_tagline} />
        <UserTextRow
          field="location"
          label="Location"
          saved={location}
          hint='Latitude and longitude, e.g. "51.5,-0.12". Empty to remove.'
        />
        <UserTextRow field="timezone" label="Time zone" saved={user.timezone} />
      </section>
      <section className="lb-section" aria-labelledby="account-contact">
        <h2 id="account-contact">Messages</h2>
        <UserTextRow
          field="phone_number"
          label="Phone number"
          type="tel"
          saved={user.phone_number ?? ''}
          hint="With your country code, e.g. +44 7700 900123. Empty to remove it."
        />
        <TextsRow user={user} />
        <UserFlagRow field="send_daily_emails" label="Send me a daily e-mail" saved={user.send_daily_emails} />
        <MailOffNotice what="The daily e-mail is not sent." />
      </section>
      <section className="lb-section" aria-labelledby="account-modes">
        <h2 id="account-modes">How you use Lifeboard</h2>
        <UserFlagRow
          field="using_as_user"
          label="Use Lifeboard for my own plans (turn off for creator mode only)"
          saved={user.using_as_user}
        />
        <AiModelRow saved={user.ai_model} />
        <p className="lb-muted">
          A weekly reflection on your journal and habits, written by this model: see what it sends and turn it on under{' '}
          <Link to="/journal/reflection">Weekly reflection</Link>.
        </p>
      </section>
      <ExportAccount />
      <CreatorSection role={user.role} />
      <p>
        <Link to="/security">Password and sign-out</Link> · <Link to="/devices">Devices</Link> ·{' '}
        <Link to="/boards">Boards</Link>
      </p>
    </div>
  );
}

/**
 * "Send me text messages", only where the server can send them (`/api/sms/config`): reminders by text then go to
 * the phone number above. Keyed by the saved value, so the switch follows the server (removing the number turns it off).
 */
function TextsRow({ user }: { user: User }) {
  const sms = useApiGet(smsConfigUrl, readSmsConfig);
  if (sms.state !== 'ready' || !sms.data.configured) return null;
  return (
    <>
      <UserFlagRow
        key={String(user.has_sms_enabled)}
        field="has_sms_enabled"
        label="Send me text messages"
        saved={user.has_sms_enabled}
      />
      <p className="lb-muted">
        {user.phone_number
          ? 'Reminders you set to arrive by text message are sent to this number.'
          : 'Add your phone number above to get reminders by text message.'}
      </p>
    </>
  );
}

/** Becoming a creator is turning on creator mode (`using_as_user` off): the server makes the account a creator. */
function CreatorSection({ role }: { role: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function become() {
    setBusy(true);
    const failed = await saveUserField('using_as_user', false);
    setBusy(false);
    setError(failed);
  }
  return (
    <section className="lb-section" aria-labelledby="account-creator">
      <h2 id="account-creator">Sell programs</h2>
      {role === 'user' ? (
        <>
          <p>
            Creators write programs (lessons, goals, habits and routines), set a price and sell them. An admin reviews
            each program before it is listed.
          </p>
          <FormAlert message={error} />
          <button className="lb-button" type="button" disabled={busy} onClick={() => void become()}>
            {busy ? 'Switching…' : 'Become a creator'}
          </button>
        </>
      ) : (
        <p>
          You are a creator: your programs, sales and payments are under <Link to="/creator-programs">Creator</Link> in
          the menu.
        </p>
      )}
    </section>
  );
}
