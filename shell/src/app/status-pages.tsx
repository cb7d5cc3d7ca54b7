import { Link } from 'react-router-dom';

export function PageLoading() {
  return <p className="lb-page-loading" role="status">Loading…</p>;
}

export function NotFound() {
  return (
    <section className="lb-status-page">
      <h1>Page not found</h1>
      <p>There is nothing at this address. <Link to="/">Go to the start page</Link>.</p>
    </section>
  );
}

/** A signed-in non-admin on /admin…: the admin area is not loaded for them. */
export function NotAllowed() {
  return (
    <section className="lb-status-page" data-testid="not-allowed">
      <h1>Not allowed</h1>
      <p>This part of Lifeboard is for administrators. <Link to="/home">Back to your home page</Link>.</p>
    </section>
  );
}
