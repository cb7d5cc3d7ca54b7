import { Link } from '@lifeboard/shared/lib/router';
import './errors.css';

/** A signed-in non-admin on /admin…: the admin area is not loaded for them. */
export default function NotAllowed() {
  return (
    <section className="lb-error-page" aria-labelledby="not-allowed-title" data-testid="not-allowed">
      <h1 id="not-allowed-title">Not allowed</h1>
      <p>This part of Lifeboard is for administrators. If you think you should have access, ask support.</p>
      <ul>
        <li>
          <Link to="/home">Back to your home page</Link>
        </li>
        <li>
          <Link to="/support">Support</Link>
        </li>
      </ul>
    </section>
  );
}
