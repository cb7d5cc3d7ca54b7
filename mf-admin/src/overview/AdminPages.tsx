import { Link } from '@lifeboard/shared/lib/router';
import { ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { useAdminPrograms } from '../programs/use-admin-programs';
import { useAdminUsers } from '../users/admin-users';

/** `/admin`: accounts by role, sign-ups in the last 7 and 30 days, programs by status. */
export function AdminOverview() {
  const { users, failed } = useAdminUsers();
  const programs = useAdminPrograms();
  const since = (days: number) =>
    (users ?? []).filter((u) => Date.parse(u.created_at) > Date.now() - days * 86_400_000).length;
  return (
    <section className="lb-stack">
      <PageHeader title="Administration" />
      {failed ? <ErrorPanel message="Admin data could not be loaded." code="LB-FORBIDDEN" /> : null}
      {users === null ? (
        <Skeleton lines={3} />
      ) : (
        <Panel title="Accounts">
          <p>
            <strong>{users.length}</strong> accounts: {users.filter((u) => u.role === 'user').length} users,{' '}
            {users.filter((u) => u.role === 'creator').length} creators,{' '}
            {users.filter((u) => u.role === 'admin').length} admins.
          </p>
          <p>
            New in the last 7 days: <strong>{since(7)}</strong> · last 30 days: <strong>{since(30)}</strong>
          </p>
          <p>
            <Link to="/admin/users">Manage users</Link> · <Link to="/admin/authors">Authors</Link>
          </p>
        </Panel>
      )}
      <Panel title="Programs">
        {programs.state === 'loading' ? <Skeleton lines={1} /> : null}
        {programs.state === 'ready' ? (
          <p>
            <strong>{programs.data.length}</strong> programs:{' '}
            {programs.data.filter((p) => p.status === 'published').length} published,{' '}
            {programs.data.filter((p) => p.status === 'review').length} in review,{' '}
            {programs.data.filter((p) => p.status === 'draft').length} drafts.{' '}
            <Link to="/admin/programs">Review them</Link>
          </p>
        ) : null}
      </Panel>
    </section>
  );
}
