import { Link } from '@lifeboard/shared/lib/router';
import { supportEmail } from './contact-details';
import './public.css';

/** `/privacy`: the privacy policy, in plain language, matching what the app really stores. */
export default function Privacy() {
  return (
    <article className="lb-public">
      <h1>Privacy policy</h1>
      <p className="lb-public-updated">Last updated: 22 November 2026</p>
      <p className="lb-public-lead">We keep what you need to use Lifeboard, nothing more, and we never sell it.</p>
      <h2>What we store</h2>
      <ul>
        <li>Your account: e-mail, name, password (only as a one-way hash), and the settings you choose: time zone, tagline, phone number, location, e-mail and SMS preferences, AI model.</li>
        <li>Your content, kept per board: journal entries, notes, goals, habits, plans, workouts, sleep and everything else you add.</li>
        <li>Your devices: a random device id and a name from your browser, so you can see where you are signed in and sign a device out.</li>
      </ul>
      <h2>What stays in your browser</h2>
      <p>Your browser keeps your sign-in token, your account and the current board's data in local storage so pages open fast, and a small database with your device id and your encryption keys. These keys never leave your device. Signing out clears the sign-in and the board data.</p>
      <h2>What we do with it</h2>
      <p>We use your data to run the app for you: show it, send the reminders and daily e-mails you switch on, and answer support requests. We do not use it for advertising and we do not sell or rent it.</p>
      <h2>Who else sees it</h2>
      <ul>
        <li>People you share a page with, through a link you can revoke.</li>
        <li>A program's creator sees that you subscribed, not your journal or other content.</li>
        <li>An AI provider receives the text of a request only when you ask for a suggestion.</li>
        <li>A connected calendar service, when you connect one.</li>
      </ul>
      <h2>Export and deletion</h2>
      <p>You can export your data and delete boards at any time. To delete your account, write to {supportEmail}; we delete it and everything on its boards within 30 days, and backups roll over within 30 more.</p>
      <h2>Analytics</h2>
      <p>We count page visits with a privacy-friendly analytics tag, without following you across other sites.</p>
      <h2>Questions</h2>
      <p>Write to {supportEmail}. See also the <Link to="/terms">terms of service</Link>.</p>
    </article>
  );
}
