import { Link } from '@lifeboard/shared/lib/router';
import { supportEmail } from './contact-details';
import './public.css';

/** `/terms`: the terms of service, in plain language. */
export default function Terms() {
  return (
    <article className="lb-public">
      <h1>Terms of service</h1>
      <p className="lb-public-updated">Last updated: 22 November 2026</p>
      <p className="lb-public-lead">These terms are the agreement between you and Lifeboard when you use the app.</p>
      <h2>Your account</h2>
      <p>
        You need to be at least 16 to create an account. Keep your password to yourself; you are responsible for what is
        done with your account. Sign out devices you no longer use on the Security page.
      </p>
      <h2>Your content</h2>
      <p>
        What you write stays yours. You give us only the permission needed to store it, show it to you, and show it to
        people you share it with (for example through a shared-page link). You can export it (on the Account page) and
        delete it at any time.
      </p>
      <h2>Boards</h2>
      <p>
        Your content is kept per board. Deleting a board deletes everything on it; we ask you to confirm first, and your
        last board cannot be deleted.
      </p>
      <h2>Acceptable use</h2>
      <ul>
        <li>Do not break the law, or use Lifeboard to harass, deceive or harm others.</li>
        <li>Do not try to reach other people's data, overload the service, or get around its limits.</li>
        <li>Do not publish programs you do not have the rights to.</li>
      </ul>
      <h2>Programs and creators</h2>
      <p>
        Creators are responsible for their programs. Prices are shown before you subscribe. Creators receive their share
        after the platform fee, payment costs and a refund window.
      </p>
      <h2>AI features</h2>
      <p>
        AI suggestions can be wrong. They are ideas, not medical, legal or financial advice. Nothing is sent to an AI
        model unless you ask for a suggestion.
      </p>
      <h2>Availability and changes</h2>
      <p>
        We work to keep Lifeboard running, but cannot promise it is never down. If we change these terms in a way that
        matters, we tell you by e-mail before the change applies.
      </p>
      <h2>Ending</h2>
      <p>
        You can stop using Lifeboard and delete your account at any time, yourself, on the Security page. We may close
        accounts that break these terms, after telling you why when we can.
      </p>
      <h2>Questions</h2>
      <p>
        Write to {supportEmail}. See also the <Link to="/privacy">privacy policy</Link>.
      </p>
    </article>
  );
}
