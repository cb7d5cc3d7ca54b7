import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import type { ModelRecord } from '@lifeboard/shared/api/resource';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { excerpt, htmlToText } from '@lifeboard/shared/ui/model/rich-text';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { useAdminUsers } from '../users/admin-users';

type Program = ModelRecord<'program'>;

/** The published catalogue (`POST /api/program/published`). */
function usePrograms(): { programs: Program[] | null; failed: boolean } {
  const [programs, setPrograms] = useState<Program[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void send({ method: 'POST', url: '/api/program/published', data: {} }).then(({ status, body }) => {
      const list = typeof body === 'object' && body !== null ? (body as { programs?: unknown }).programs : undefined;
      if (isSuccessStatus(status) && Array.isArray(list)) setPrograms(list.filter((p): p is Program => typeof p === 'object' && p !== null && typeof (p as Program).id === 'number'));
      else { setPrograms([]); setFailed(true); }
    });
  }, []);
  return { programs, failed };
}

/** `/admin`: accounts by role, sign-ups in the last 7 and 30 days, published programs. */
export function AdminOverview() {
  const { users, failed } = useAdminUsers();
  const { programs } = usePrograms();
  const since = (days: number) => (users ?? []).filter((u) => Date.parse(u.created_at) > Date.now() - days * 86_400_000).length;
  return (
    <section className="lb-stack">
      <PageHeader title="Administration" />
      {failed ? <ErrorPanel message="Admin data could not be loaded." code="LB-FORBIDDEN" /> : null}
      {users === null ? <Skeleton lines={3} /> : (
        <Panel title="Accounts">
          <p><strong>{users.length}</strong> accounts: {users.filter((u) => u.role === 'user').length} users, {users.filter((u) => u.role === 'creator').length} creators, {users.filter((u) => u.role === 'admin').length} admins.</p>
          <p>New in the last 7 days: <strong>{since(7)}</strong> · last 30 days: <strong>{since(30)}</strong></p>
          <p><Link to="/admin/users">Manage users</Link> · <Link to="/admin/authors">Authors</Link></p>
        </Panel>
      )}
      <Panel title="Programs">
        {programs === null ? <Skeleton lines={1} /> : <p><strong>{programs.length}</strong> published programs. <Link to="/admin/programs">Review them</Link></p>}
      </Panel>
    </section>
  );
}

/** `/admin/programs`: every published program. */
export function AdminPrograms() {
  const { programs, failed } = usePrograms();
  return (
    <section className="lb-stack">
      <PageHeader title="Published programs" description="What subscribers can find in the catalogue, newest first." />
      {failed ? <ErrorPanel message="The catalogue could not be loaded." /> : null}
      {programs === null ? <Skeleton lines={4} /> : null}
      {programs?.length === 0 && !failed ? <EmptyState title="Nothing published yet" /> : null}
      {programs?.length ? (
        <ul>{programs.map((p) => <li key={p.id}><Link to={`/admin/program/${p.id}`}>{p.title}</Link> — {excerpt(p.description ?? '', 100)}</li>)}</ul>
      ) : null}
    </section>
  );
}

/** `/admin/program/:id`: a published program as subscribers see it. */
export function AdminProgram() {
  const { id } = useParams();
  const { programs, failed } = usePrograms();
  const program = programs?.find((p) => p.id === Number(id));
  if (failed) return <ErrorPanel message="The program could not be loaded." />;
  if (programs === null) return <Skeleton lines={4} />;
  if (!program) return <ErrorPanel title="Not published" message={`Program #${id ?? ''} is not in the catalogue.`} code="LB-NOT-FOUND" />;
  return (
    <section className="lb-stack">
      <Link to="/admin/programs">← All programs</Link>
      <PageHeader title={program.title} description={`guid ${String(program.guid)} · ${String(program.status)} · ${Number(program.price_cents ?? 0) / 100} ${String(program.currency ?? '')}`} />
      <Panel>{htmlToText(program.description ?? '').split('\n').map((line, i) => <p key={i}>{line}</p>)}</Panel>
    </section>
  );
}

/** `/admin/ai-models` and `/admin/ai-model-testing`: the AI providers this installation can call. */
export function AiModels({ testing = false }: { testing?: boolean }) {
  return (
    <section className="lb-stack">
      <PageHeader title={testing ? 'AI model testing' : 'AI models'} />
      <Panel title="Configured providers">
        <p>No AI provider is configured on this installation, so no request leaves the server and {testing ? 'there is nothing to test' : 'users cannot pick a model'}. Features that would use one (the goal coach, the program builder) work without it by guiding people through questions.</p>
        <p>A provider needs a base URL, a model name and an API key; the key is stored encrypted at rest and never sent to the browser.</p>
      </Panel>
    </section>
  );
}
