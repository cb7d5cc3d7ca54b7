import { Link, useLocation } from 'react-router-dom';
import { ErrorPanel } from '@lifeboard/shared/ui/feedback';

/** What the admin area shows for an address it does not own: a clear panel with a way back, never a blank page. */
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <section className="lb-stack">
      <ErrorPanel title="Page not found" message={<>There is no admin page at <code>{pathname}</code>.</>} code="LB-NOT-FOUND" />
      <p><Link to="/admin">Administration</Link> · <Link to="/admin/programs">Programs</Link> · <Link to="/admin/users">Users</Link></p>
    </section>
  );
}
