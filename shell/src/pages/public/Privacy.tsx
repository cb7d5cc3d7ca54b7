import { useStore } from '@nanostores/react';
import { Link } from '@lifeboard/shared/lib/router';
import { $config } from '@lifeboard/shared/stores/config';
import { analyticsStatement } from '../../../../scripts/runtime-settings.mjs';
import { supportEmail } from './contact-details';
import './public.css';

/** `/privacy`: the privacy policy, in plain language, matching what the app really stores. */
export default function Privacy() {
  // The analytics tag is a deployment's setting (/settings.json); the static server writes the same sentence into
  // the prerendered page (scripts/runtime-settings.mjs), which is built without one.
  const { analytics } = useStore($config);
  return (
    <article className="lb-public">
      <h1>Privacy policy</h1>
      <p className="lb-public-updated">Last updated: 22 November 2026</p>
      <p className="lb-public-lead">We keep what you need to use Lifeboard, nothing more, and we never sell it.</p>
      <h2>What we store</h2>
      <ul>
        <li>
          Your account: e-mail, name, password (only as a one-way hash), and the settings you choose: time zone,
          tagline, phone number, location, e-mail and SMS preferences, AI model.
        </li>
        <li>
          Your content, kept per board: journal entries, notes, goals, habits, plans, workouts, sleep and everything
          else you add.
        </li>
        <li>
          Your devices: a random device id and a name from your browser, so you can see where you are signed in and sign
          a device out.
        </li>
      </ul>
      <h2>What stays in your browser</h2>
      <p>
        Your browser keeps your sign-in token, your account and the current board's data in local storage so pages open
        fast, and a small database with your device id and your encryption keys. These keys never leave your device.
        Signing out clears the sign-in and the board data.
      </p>
      <h2>What we do with it</h2>
      <p>
        We use your data to run the app for you: show it, send the reminders and daily e-mails you switch on, and answer
        support requests. We do not use it for advertising and we do not sell or rent it.
      </p>
      <h2>Who else sees it</h2>
      <ul>
        <li>People you share a page with, through a link you can revoke.</li>
        <li>A program's creator sees that you subscribed, not your journal or other content.</li>
        <li>An AI provider receives the text of a request only when you ask for a suggestion.</li>
        <li>A connected calendar service, when you connect one.</li>
      </ul>
      <h2>Export and deletion</h2>
      <p>
        You can export your data at any time: <Link to="/account">Account</Link>, &ldquo;Download all my data&rdquo;
        gives one zip file with every board and everything on it as JSON, and your uploaded images. The journal also
        exports its entries and notes as Markdown files.
      </p>
      <p>
        You can delete a board, or your whole account on the <Link to="/security">Security</Link> page with your
        password. Deleting the account removes it at once with every board and everything on them, your uploaded images,
        your devices and any password-reset link, and we send a confirmation to your address, which is then free to sign
        up again.
      </p>
      <h2>Analytics</h2>
      <p id="analytics-statement">{analyticsStatement(analytics)}</p>
      <h2>Questions</h2>
      <p>
        Write to {supportEmail}. See also the <Link to="/terms">terms of service</Link>.
      </p>
    </article>
  );
}
