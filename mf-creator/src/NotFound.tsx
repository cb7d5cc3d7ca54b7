import { Link, useLocation } from 'react-router-dom';
import { ErrorPanel } from '@lifeboard/shared/ui/feedback';

/** What this area shows for an address it does not own: a clear panel with a way back, never a blank page. */
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <section className="lb-stack">
      <ErrorPanel title="Page not found" message={<>There is no page at <code>{pathname}</code> in Programs.</>} code="LB-NOT-FOUND" />
      <p><Link to="/programs">Browse programs</Link> · <Link to="/home">Home</Link></p>
    </section>
  );
}
