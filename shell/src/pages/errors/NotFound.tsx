import { Link, useLocation } from '@lifeboard/shared/lib/router';
import './errors.css';

/** Any address no route answers: say so, show the address, and offer the ways back. */
export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <section className="lb-error-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is nothing at <code>{pathname}</code>. The link may be old or mistyped.
      </p>
      <ul>
        <li>
          <Link to="/">Start page</Link>
        </li>
        <li>
          <Link to="/home">Your home page</Link>
        </li>
        <li>
          <Link to="/support">Support</Link>
        </li>
      </ul>
    </section>
  );
}
