import { useState } from 'react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import { roles } from '@lifeboard/shared/models/roles';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { notify } from '@lifeboard/shared/stores/notifications';
import { ConfirmDialog } from '@lifeboard/shared/ui/Dialog';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { Select, TextField } from '@lifeboard/shared/ui/fields';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { Table } from '@lifeboard/shared/ui/Table';
import { setUserRole, useAdminUsers } from './admin-users';
import type { AdminUser, Role } from './admin-users';

const roleOptions = roles.map((r) => ({ value: r, label: r[0].toUpperCase() + r.slice(1) }));

/** A role picker that asks before changing anyone's role (it signs their sessions out of old rights). */
function RoleControl({ user, onChanged }: { user: AdminUser; onChanged: (user: AdminUser) => void }) {
  const [pending, setPending] = useState<Role | null>(null);
  async function confirm() {
    if (!pending) return;
    const role = pending;
    setPending(null);
    if (await setUserRole(user.id, role)) {
      onChanged({ ...user, role });
      notify({ kind: 'success', message: `${user.email} is now ${role}.` });
    } else notify({ kind: 'error', message: `The role of ${user.email} was not changed.` });
  }
  return (
    <>
      <Select
        label={<span className="lb-visually-hidden">Role of {user.email}</span>}
        value={user.role}
        options={roleOptions}
        onChange={(e) => setPending(roles.find((r) => r === e.target.value) ?? null)}
      />
      <ConfirmDialog
        open={pending !== null}
        title={`Make ${user.email} ${pending ?? ''}?`}
        confirmLabel="Change role"
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        <p>Their current sessions pick up the new rights at once.</p>
      </ConfirmDialog>
    </>
  );
}

/** `/admin/users` (all users, searchable, role changes) and `/admin/authors` (creators only). */
export function UsersPage({ creatorsOnly = false }: { creatorsOnly?: boolean }) {
  const { users, failed, reload, replace } = useAdminUsers();
  const [search, setSearch] = useState('');
  const query = search.trim().toLowerCase();
  const shown = (users ?? []).filter(
    (u) => (!creatorsOnly || u.role === 'creator') && (!query || `${u.name} ${u.email}`.toLowerCase().includes(query)),
  );
  return (
    <section className="lb-stack">
      <PageHeader
        title={creatorsOnly ? 'Authors' : 'Users'}
        description={creatorsOnly ? 'Accounts that publish programs.' : 'Everyone with an account, oldest first.'}
      />
      {failed ? (
        <ErrorPanel message="The user list could not be loaded (admins only)." code="LB-FORBIDDEN" onRetry={reload} />
      ) : null}
      <TextField
        label="Search by name or e-mail"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {users === null ? <Skeleton lines={5} /> : null}
      {users && !shown.length && !failed ? (
        <EmptyState title={creatorsOnly ? 'No authors yet' : 'No users match'} />
      ) : null}
      {shown.length ? (
        <Table
          columns={['Name', 'E-mail', 'Role', 'Joined']}
          rows={shown}
          row={(u) => (
            <tr key={u.id}>
              <td>
                <Link to={`/admin/users/${u.id}`}>{u.name || '(no name)'}</Link>
              </td>
              <td>{u.email}</td>
              <td>
                <RoleControl user={u} onChanged={replace} />
              </td>
              <td>{formatDisplayDate(u.created_at)}</td>
            </tr>
          )}
        />
      ) : null}
    </section>
  );
}

/** `/admin/users/:id`: one account and its role. */
export function UserPage() {
  const { id } = useParams();
  const { users, failed, reload, replace } = useAdminUsers();
  const user = users?.find((u) => u.id === Number(id));
  if (failed) return <ErrorPanel message="The user could not be loaded." onRetry={reload} />;
  if (users === null) return <Skeleton lines={4} />;
  if (!user) return <ErrorPanel title="No such user" message={`There is no user #${id ?? ''}.`} code="LB-NOT-FOUND" />;
  return (
    <section className="lb-stack">
      <Link to="/admin/users">← All users</Link>
      <PageHeader title={user.name || user.email} />
      <Panel>
        <dl>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
          <dt>Joined</dt>
          <dd>{formatDisplayDate(user.created_at)}</dd>
          <dt>Role</dt>
          <dd>
            <RoleControl user={user} onChanged={replace} />
          </dd>
        </dl>
      </Panel>
    </section>
  );
}
