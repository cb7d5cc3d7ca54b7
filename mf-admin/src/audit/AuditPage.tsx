import { useEffect, useState } from 'react';
import { send, isSuccessStatus } from '@lifeboard/shared/api/client';
import { problemOf } from '@lifeboard/shared/api/use-api-get';
import { Link } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { Select, TextField } from '@lifeboard/shared/ui/fields';
import { PageHeader } from '@lifeboard/shared/ui/Panel';
import { Table } from '@lifeboard/shared/ui/Table';
import { readAuditPage } from '../users/admin-users';
import type { AuditEntry } from '../users/admin-users';

/** The words for each kind of entry (the API's `auditActions`). */
export const auditActionWords: Record<string, string> = {
  'user.role': 'Role changed',
  'user.suspend': 'Account suspended',
  'user.resume': 'Account restored',
  'user.password_reset': 'Password reset sent',
  'user.delete': 'Account deleted',
  'program.review': 'Program reviewed',
  'refund.decision': 'Refund decided',
  'ai_provider.change': 'AI provider changed',
  'author.verify': 'Author verified or unverified',
  'author.page': 'Author page edited',
  'sign_in.new_device': 'Sign-in from a new device',
};

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** One sentence for an entry's detail, in words. */
export function describeEntry(entry: AuditEntry): string {
  const d = entry.detail;
  switch (entry.action) {
    case 'user.role':
      return `${text(d.email)}: ${text(d.from)} → ${text(d.to)}`;
    case 'user.suspend':
    case 'user.resume':
    case 'user.password_reset':
    case 'user.delete':
      return text(d.email);
    case 'program.review':
      return `“${text(d.title)}”: ${{ approve: 'approved', reject: 'sent back', unpublish: 'unpublished' }[text(d.decision)] ?? text(d.decision)}${d.reason ? ` (${text(d.reason)})` : ''}`;
    case 'refund.decision':
      return `Sale #${entry.target_id ?? ''} ${text(d.decision)} by the ${text(d.by)}`;
    case 'ai_provider.change':
      return `${text(d.name)}: ${text(d.change)}`;
    case 'author.verify':
      return `${text(d.name)} (${text(d.email)}): ${d.verified === true ? 'verified' : 'no longer verified'}`;
    case 'author.page': {
      const changed = Array.isArray(d.changed) ? d.changed.map(text) : [];
      return `${text(d.name)} (${text(d.email)}): ${changed.join(', ')} changed${d.from_name ? ` (was “${text(d.from_name)}”)` : ''}`;
    }
    case 'sign_in.new_device':
      return `${text(d.device)}${d.ip ? ` from ${text(d.ip)}` : ''}`;
    default:
      return JSON.stringify(d);
  }
}

const actionOptions = [
  { value: '', label: 'Every kind' },
  ...Object.entries(auditActionWords).map(([value, label]) => ({ value, label })),
];

/** `/admin/audit`: admin and security events, newest first, searchable; nothing here edits them. */
export function AuditPage() {
  const [query, setQuery] = useState('');
  const [action, setAction] = useState('');
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function load(cursor: number | null, q: string, kind: string) {
    const params: Record<string, string | number> = { limit: 50 };
    if (cursor) params.cursor = cursor;
    if (q.trim()) params.q = q.trim();
    if (kind) params.action = kind;
    const { status, body } = await send({ method: 'GET', url: '/api/admin/audit', params });
    const page = isSuccessStatus(status) ? readAuditPage(body) : null;
    if (!page) {
      setProblem(problemOf(status, body));
      return;
    }
    setProblem(null);
    setEntries((shown) => (cursor ? [...(shown ?? []), ...page.entries] : page.entries));
    setNext(page.next_cursor);
  }

  useEffect(() => {
    // Typing waits a moment, so each word does not ask the server.
    const timer = setTimeout(() => void load(null, query, action), 250);
    return () => clearTimeout(timer);
  }, [query, action]);

  return (
    <section className="lb-stack">
      <PageHeader
        title="Audit log"
        description="Role changes, suspensions, deletions, program reviews, refunds, AI provider changes and sign-ins from new devices. Kept for good: nobody, admins included, can change or remove an entry."
      />
      <div className="lb-row">
        <TextField
          label="Search (e-mail, name, program…)"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Select label="Kind" value={action} options={actionOptions} onChange={(e) => setAction(e.target.value)} />
      </div>
      {problem ? (
        <ErrorPanel
          message={`The audit log could not be loaded: ${problem}`}
          onRetry={() => void load(null, query, action)}
        />
      ) : null}
      {entries === null && !problem ? <Skeleton lines={5} /> : null}
      {entries && entries.length === 0 ? <EmptyState title="No entries match" /> : null}
      {entries && entries.length > 0 ? (
        <Table
          label="Audit log"
          columns={['When', 'Who', 'What', 'Details']}
          rows={entries}
          row={(entry) => (
            <tr key={entry.id}>
              <td>{formatDisplayDate(entry.at)}</td>
              <td>
                {entry.actor_id === null ? (
                  'The system'
                ) : entry.actor_email ? (
                  <Link to={`/admin/users/${entry.actor_id}`}>{entry.actor_email}</Link>
                ) : (
                  'A deleted account'
                )}
              </td>
              <td>{auditActionWords[entry.action] ?? entry.action}</td>
              <td>{describeEntry(entry)}</td>
            </tr>
          )}
        />
      ) : null}
      {next ? <Button onClick={() => void load(next, query, action)}>Show older entries</Button> : null}
    </section>
  );
}
