import { useState } from 'react';
import { Link, useNavigate, useParams } from '@lifeboard/shared/lib/router';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { Button } from '@lifeboard/shared/ui/Button';
import { roles } from '@lifeboard/shared/models/roles';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { notify } from '@lifeboard/shared/stores/notifications';
import { ConfirmDialog } from '@lifeboard/shared/ui/Dialog';
import { ActionProblem, EmptyState, ErrorPanel, NotLoaded, Skeleton } from '@lifeboard/shared/ui/feedback';
import { Select, TextField } from '@lifeboard/shared/ui/fields';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { Table } from '@lifeboard/shared/ui/Table';
import { adminUserAction, readUserDetail, setUserRole, useAdminUsers } from './admin-users';
import type { AdminUser, AdminUserDetail, Role } from './admin-users';

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

/** `/admin/users`: all users, searchable, with role changes. */
export function UsersPage() {
  const { users, failed, reload, replace } = useAdminUsers();
  const [search, setSearch] = useState('');
  const query = search.trim().toLowerCase();
  const shown = (users ?? []).filter((u) => !query || `${u.name} ${u.email}`.toLowerCase().includes(query));
  return (
    <section className="lb-stack">
      <PageHeader title="Users" description="Everyone with an account, oldest first." />
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
      {users && !shown.length && !failed ? <EmptyState title="No users match" /> : null}
      {shown.length ? (
        <Table
          columns={['Name', 'E-mail', 'Role', 'Joined', 'Status']}
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
              <td>{statusOf(u)}</td>
            </tr>
          )}
        />
      ) : null}
    </section>
  );
}

/** "Active", or since when the account is suspended. */
function statusOf(user: AdminUser): string {
  return user.suspended_at ? `Suspended since ${formatDisplayDate(user.suspended_at)}` : 'Active';
}

type Pending = 'suspend' | 'resume' | 'reset' | 'delete' | null;

/** Suspend or restore, send a reset link, delete: each asks first, then says what happened. */
function AccountActions({ user, onChanged }: { user: AdminUserDetail; onChanged: () => void }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const who = user.name || user.email;

  async function run() {
    const action = pending;
    setPending(null);
    if (!action) return;
    const failed =
      action === 'reset'
        ? await adminUserAction('password-reset', { id: user.id })
        : action === 'delete'
          ? await adminUserAction('delete', { id: user.id, email: typed })
          : await adminUserAction('suspend', { id: user.id, suspended: action === 'suspend' });
    setTyped('');
    setProblem(failed);
    if (failed) return;
    const done = {
      suspend: `${who} is suspended: their sessions stopped and they cannot sign in.`,
      resume: `${who} can sign in again.`,
      reset: `A password reset link was sent to ${user.email}.`,
      delete: `${who}'s account is deleted; they were sent the confirmation.`,
    }[action];
    notify({ kind: 'success', message: done });
    if (action === 'delete') void navigate('/admin/users');
    else onChanged();
  }

  return (
    <Panel title="Actions">
      <ActionProblem message={problem} />
      <div className="lb-row">
        {user.suspended_at ? (
          <Button onClick={() => setPending('resume')}>Restore account</Button>
        ) : (
          <Button variant="danger" onClick={() => setPending('suspend')}>
            Suspend account
          </Button>
        )}
        <Button onClick={() => setPending('reset')}>Send password reset</Button>
        <Button variant="danger" onClick={() => setPending('delete')}>
          Delete account
        </Button>
      </div>
      <ConfirmDialog
        open={pending === 'suspend' || pending === 'resume'}
        title={pending === 'suspend' ? `Suspend ${who}?` : `Restore ${who}?`}
        confirmLabel={pending === 'suspend' ? 'Suspend' : 'Restore'}
        danger={pending === 'suspend'}
        onConfirm={() => void run()}
        onCancel={() => setPending(null)}
      >
        <p>
          {pending === 'suspend'
            ? 'Every session of theirs stops at once and signing in tells them the account is suspended. Nothing is deleted.'
            : 'They can sign in again; their data is as they left it.'}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'reset'}
        title={`Send ${user.email} a password reset link?`}
        confirmLabel="Send link"
        onConfirm={() => void run()}
        onCancel={() => setPending(null)}
      >
        <p>They get the same mail as "Forgot password"; their password stays until they use the link.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'delete'}
        title={`Delete ${who}'s account?`}
        confirmLabel="Delete for good"
        danger
        onConfirm={() => void run()}
        onCancel={() => {
          setPending(null);
          setTyped('');
        }}
      >
        <p>
          Everything in it goes now, as when people delete their own account, and they are mailed a confirmation. This
          cannot be undone.
        </p>
        <TextField
          label={`Type ${user.email} to confirm`}
          value={typed}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
      </ConfirmDialog>
    </Panel>
  );
}

/** `/admin/users/:id`: one account, what it holds (never what they wrote), its devices, and what an admin can do. */
export function UserPage() {
  const { id } = useParams();
  const load = useApiGet(`/api/admin/users/${id ?? ''}`, readUserDetail);
  if (load.state === 'missing')
    return <ErrorPanel title="No such user" message={`There is no user #${id ?? ''}.`} code="LB-NOT-FOUND" />;
  if (load.state !== 'ready') return <NotLoaded load={load} what="The user" lines={4} />;
  const user = load.data;
  return (
    <section className="lb-stack">
      <Link to="/admin/users">← All users</Link>
      <PageHeader
        title={user.name || user.email}
        description="Their account, boards, programs and devices. What they write (journal entries, notes) is theirs alone and is not shown here."
      />
      <Panel title="Account">
        <dl>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
          <dt>Joined</dt>
          <dd>{formatDisplayDate(user.created_at)}</dd>
          <dt>Status</dt>
          <dd>{statusOf(user)}</dd>
          <dt>Role</dt>
          <dd>
            <RoleControl user={user} onChanged={load.reload} />
          </dd>
        </dl>
      </Panel>
      <AccountActions user={user} onChanged={load.reload} />
      <Panel title="Boards">
        <Table
          label="Boards"
          columns={['Name', 'Made']}
          rows={user.boards}
          empty="No boards."
          row={(b) => (
            <tr key={b.id}>
              <td>{b.name}</td>
              <td>{formatDisplayDate(b.created_at)}</td>
            </tr>
          )}
        />
      </Panel>
      <Panel title="Programs bought">
        <Table
          label="Programs bought"
          columns={['Program', 'Since', 'Status']}
          rows={user.programs_bought}
          empty="They have not joined any program."
          row={(p) => (
            <tr key={p.subscription_id}>
              <td>
                <Link to={`/admin/program/${p.program_id}`}>{p.title || 'A deleted program'}</Link>
              </td>
              <td>{formatDisplayDate(p.created_at)}</td>
              <td>{p.status === 'active' ? 'Active' : 'Cancelled'}</td>
            </tr>
          )}
        />
      </Panel>
      <Panel title="Programs sold">
        <Table
          label="Programs sold"
          columns={['Program', 'Status', 'Sales']}
          rows={user.programs_sold}
          empty="They sell no programs."
          row={(p) => (
            <tr key={p.program_id}>
              <td>
                <Link to={`/admin/program/${p.program_id}`}>{p.title || 'Untitled'}</Link>
              </td>
              <td>{programStatusWords[p.status] ?? p.status}</td>
              <td>{p.sales === 1 ? '1 sale' : `${p.sales} sales`}</td>
            </tr>
          )}
        />
      </Panel>
      <Panel title="Sign-ins and devices">
        <Table
          label="Sign-ins and devices"
          columns={['Device', 'Signed in', 'Last used', 'Now']}
          rows={user.devices}
          empty="They have never signed in."
          row={(d) => (
            <tr key={d.id}>
              <td>{d.name}</td>
              <td>{formatDisplayDate(d.created_at)}</td>
              <td>{formatDisplayDate(d.last_used_at)}</td>
              <td>{d.revoked_at ? `Signed out ${formatDisplayDate(d.revoked_at)}` : 'Signed in'}</td>
            </tr>
          )}
        />
      </Panel>
    </section>
  );
}

const programStatusWords: Record<string, string> = { draft: 'Draft', review: 'In review', published: 'Published' };
