import { useState, type FormEvent } from 'react';
import { useParams } from '@lifeboard/shared/lib/router';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { updateRecord } from '@lifeboard/shared/ui/model/record-cache';
import { Button } from '@lifeboard/shared/ui/Button';
import { Select, TextArea } from '@lifeboard/shared/ui/fields';
import { ModelDetailRoute, useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { newUpdate, statusWords, timelineOf, type HealthStatus, type HealthUpdate } from './timeline';

const isStatus = (value: unknown): value is HealthStatus =>
  value === 'active' || value === 'managed' || value === 'resolved';

function Timeline({ issue }: { issue: AnyRecord }) {
  const current: HealthStatus = isStatus(issue.status) ? issue.status : 'active';
  const updates: HealthUpdate[] = Array.isArray(issue.updates) ? (issue.updates as HealthUpdate[]) : [];
  const [note, setNote] = useState('');
  const [next, setNext] = useState<HealthStatus>(current);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim() && next === current) {
      setMessage('Write a note or choose a new status.');
      return;
    }
    setBusy(true);
    const update = newUpdate(note, current, next);
    const result = await updateRecord('health_issue', issue.id, {
      updates: [...updates, update],
      ...(update.status ? { status: update.status } : {}),
    });
    setBusy(false);
    // On a failure the note stays in the box.
    if (!result.ok) {
      setMessage(`The update was not saved: ${result.error.message}`);
      return;
    }
    setMessage('');
    setNote('');
  }

  const entries = timelineOf(issue);
  return (
    <Panel title="Timeline">
      <form
        className="lb-stack"
        onSubmit={(event) => void handleSubmit(event)}
        aria-label="Add to the timeline"
        noValidate
      >
        <TextArea
          label="What happened"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          rows={3}
          maxLength={2000}
        />
        <Select
          label="How it is going now"
          value={next}
          options={(Object.keys(statusWords) as HealthStatus[]).map((s) => ({ value: s, label: statusWords[s] }))}
          onChange={(e) => setNext(isStatus(e.target.value) ? e.target.value : current)}
        />
        {message ? (
          <p role="alert" className="lb-field__error">
            {message}
          </p>
        ) : null}
        <div>
          <Button type="submit" variant="primary" busy={busy}>
            Add to the timeline
          </Button>
        </div>
      </form>
      <ol className="lb-stack" data-testid="health-timeline">
        {entries.map((entry, i) => (
          <li key={`${entry.at}-${i}`}>
            <strong>{formatDisplayDate(entry.at)}</strong>
            {entry.change ? (
              <>
                {' '}
                · <span data-status-change>Status: {entry.change}</span>
              </>
            ) : null}
            {entry.text ? <p>{entry.text}</p> : null}
          </li>
        ))}
      </ol>
    </Panel>
  );
}

/** `/health-issues/:id`: the issue, and its timeline of notes and status changes. */
export function HealthIssueDetail() {
  const { id } = useParams();
  const { record } = useRecord('health_issue', Number(id));
  return (
    <ModelDetailRoute model="health_issue" backHref="/health-issues">
      {record ? <Timeline issue={record} /> : null}
    </ModelDetailRoute>
  );
}
