import { useState } from 'react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { Select } from '@lifeboard/shared/ui/fields';
import { htmlToText } from '@lifeboard/shared/ui/model/rich-text';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { price, programStatuses, readOneProgram } from './admin-programs';
import type { ProgramStatus } from './admin-programs';
import { useAdminPrograms } from './use-admin-programs';

const statusLabel: Record<ProgramStatus, string> = { draft: 'Draft', review: 'In review', published: 'Published' };

/** `/admin/programs`: every program, drafts and programs in review included, with author and subscribers. */
export function AdminPrograms() {
  const [status, setStatus] = useState<ProgramStatus | ''>('');
  const programs = useAdminPrograms(status);
  return (
    <section className="lb-stack">
      <PageHeader title="Programs" description="Every program creators have written, whatever its status, oldest first." />
      <Select
        label="Status" value={status} placeholder="All statuses"
        options={programStatuses.map((s) => ({ value: s, label: statusLabel[s] }))}
        onChange={(e) => setStatus(programStatuses.find((s) => s === e.target.value) ?? '')}
      />
      {programs.state === 'loading' ? <Skeleton lines={4} /> : null}
      {programs.state === 'failed' ? <ErrorPanel message={`The programs could not be loaded: ${programs.message}`} code="LB-FORBIDDEN" onRetry={programs.reload} /> : null}
      {programs.state === 'ready' && programs.data.length === 0 ? <EmptyState title={status ? `No ${statusLabel[status].toLowerCase()} programs` : 'No programs yet'} /> : null}
      {programs.state === 'ready' && programs.data.length ? (
        <table aria-label="Programs">
          <thead><tr><th scope="col">Program</th><th scope="col">Status</th><th scope="col">Author</th><th scope="col">Price</th><th scope="col">Subscribers</th><th scope="col">Updated</th></tr></thead>
          <tbody>{programs.data.map((p) => (
            <tr key={p.id}>
              <td><Link to={`/admin/program/${p.id}`}>{p.title || `Program #${p.id}`}</Link></td>
              <td>{statusLabel[p.status]}</td>
              <td><Link to={`/admin/users/${p.author.id}`}>{p.author.name}</Link></td>
              <td>{price(p)}</td>
              <td>{p.subscriptions.active} active / {p.subscriptions.total}</td>
              <td>{p.updated_at.slice(0, 10)}</td>
            </tr>
          ))}</tbody>
        </table>
      ) : null}
    </section>
  );
}

/** `/admin/program/:id`: one program, whatever its status, as its subscribers would see it, with its author. */
export function AdminProgram() {
  const { id } = useParams();
  const valid = /^\d{1,10}$/.test(id ?? '');
  const load = useApiGet(valid ? `/api/admin/programs/${id ?? ''}` : null, readOneProgram);
  if (!valid || load.state === 'missing') return <ErrorPanel title="Program not found" message={`There is no program #${id ?? ''}.`} code="LB-NOT-FOUND" />;
  if (load.state === 'loading') return <Skeleton lines={4} />;
  if (load.state === 'failed') return <ErrorPanel message={`The program could not be loaded: ${load.message}`} onRetry={load.reload} />;
  const program = load.data;
  const t = program.template;
  return (
    <section className="lb-stack">
      <Link to="/admin/programs">← All programs</Link>
      <PageHeader title={program.title || `Program #${program.id}`} description={`${statusLabel[program.status]} · ${price(program)} · guid ${program.guid}`} />
      <Panel title="Author">
        <p><Link to={`/admin/users/${program.author.id}`}>{program.author.name}</Link> · {program.author.email}</p>
        <p>Created {program.created_at.slice(0, 10)}, updated {program.updated_at.slice(0, 10)} · {program.subscriptions.active} active of {program.subscriptions.total} subscriptions</p>
      </Panel>
      <Panel title="Description">
        {program.description ? htmlToText(program.description).split('\n').filter(Boolean).map((line, i) => <p key={i}>{line}</p>) : <p className="lb-muted">No description.</p>}
      </Panel>
      <Panel title="What it installs">
        {t.goals?.length ? <><h3>Goals</h3><ul>{t.goals.map((g, i) => <li key={i}>{g.title}</li>)}</ul></> : null}
        {t.habits?.length ? <><h3>Habits</h3><ul>{t.habits.map((h, i) => <li key={i}>{h.title}</li>)}</ul></> : null}
        {t.routines?.length ? <><h3>Routines</h3><ul>{t.routines.map((r, i) => <li key={i}>{r.title}</li>)}</ul></> : null}
        {!t.goals?.length && !t.habits?.length && !t.routines?.length ? <p>Nothing: guidance only.</p> : null}
      </Panel>
    </section>
  );
}
