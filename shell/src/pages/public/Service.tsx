import { Link } from '@lifeboard/shared/lib/router';
import './public.css';

/** `/service`: what the service includes and how it is run. */
export default function Service() {
  return (
    <article className="lb-public">
      <h1>The Lifeboard service</h1>
      <p className="lb-public-lead">What you get when you use Lifeboard, and what you can count on from us.</p>
      <h2>What is included</h2>
      <ul>
        <li>
          Every area of the app — journal, goals, habits, plans, fitness, sleep and programs — on as many boards as you
          like.
        </li>
        <li>Reminders and an optional daily e-mail; SMS where you switch it on.</li>
        <li>Sign-in on several devices, each of which you can sign out.</li>
      </ul>
      <h2>How we run it</h2>
      <ul>
        <li>Your data is stored on our servers, per board, and backed up daily.</li>
        <li>Sign-in tokens are stored only as hashes and can be revoked one by one.</li>
        <li>Admin tools are limited to administrators and checked on the server.</li>
      </ul>
      <h2>When something goes wrong</h2>
      <p>
        If one area is unavailable the rest of the app keeps working, and a retry button brings the area back. What you
        were typing is kept as a draft in your browser.
      </p>
      <p>
        Read the <Link to="/terms">terms of service</Link> and the <Link to="/privacy">privacy policy</Link>, or ask{' '}
        <Link to="/support">support</Link>.
      </p>
    </article>
  );
}
