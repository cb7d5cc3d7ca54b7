import { Link } from '@lifeboard/shared/lib/router';
import './public.css';

/** `/about`: why Lifeboard exists and how it is built. */
export default function About() {
  return (
    <article className="lb-public">
      <h1>About Lifeboard</h1>
      <p className="lb-public-lead">
        Lifeboard started from a simple idea: the notes, goals and habits that shape a life should live together, not in
        five different apps that never talk to each other.
      </p>
      <h2>What we believe</h2>
      <ul>
        <li>Small, repeated actions matter more than big plans. Habits and check-ins come first.</li>
        <li>Looking back is part of moving forward, so the journal sits next to your goals.</li>
        <li>Your life is your data. We do not sell it, mine it for advertising, or lock it in.</li>
      </ul>
      <h2>How it is built</h2>
      <p>
        Lifeboard is a web application that runs in any modern browser. Each area is developed by its own team and
        loaded only when you open it, so the start page stays fast. Your data is stored per board on our servers; a
        device key is kept in your browser for encryption features.
      </p>
      <h2>Get in touch</h2>
      <p>
        Questions or ideas are welcome: see <Link to="/contact">contact</Link> or <Link to="/support">support</Link>.
      </p>
    </article>
  );
}
