import { useState } from 'react';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { Button } from '@lifeboard/shared/ui/Button';
import { ActionProblem, EmptyState, NotLoaded } from '@lifeboard/shared/ui/feedback';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { Table } from '@lifeboard/shared/ui/Table';
import { readQueueView, settleFailedJob } from './admin-queue';
import type { FailedJob } from './admin-queue';

/** `/admin/queue`: the durable job queue, per kind, and the failed jobs an admin retries or discards. */
export function QueuePage() {
  const load = useApiGet('/api/admin/queue', readQueueView);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function settle(job: FailedJob, action: 'retry' | 'discard') {
    setBusy(`${action}:${job.id}`);
    const failed = await settleFailedJob(job.id, action);
    setBusy(null);
    setProblem(failed ? `${action === 'retry' ? 'Retrying' : 'Discarding'} the job did not work: ${failed}` : null);
    load.reload();
  }

  return (
    <section className="lb-stack">
      <PageHeader
        title="Job queue"
        description="Mail, reminders, push notifications and daily e-mails are sent by background jobs. A job that fails is retried with growing waits; once its retries are used up it waits here."
        actions={<Button onClick={load.reload}>Refresh</Button>}
      />
      <NotLoaded load={load} what="The queue" lines={4} code="LB-FORBIDDEN" />
      {load.state === 'ready' ? (
        <>
          <Panel title="Jobs by kind">
            <Table
              label="Jobs by kind"
              columns={[
                'Kind',
                'Waiting',
                'Of them scheduled for later',
                'Running',
                'Retrying after a failure',
                'Failed',
              ]}
              rows={load.data.kinds}
              row={(kind) => (
                <tr key={kind.name}>
                  <th scope="row">{kind.label}</th>
                  <td>{kind.waiting_capped ? `${kind.waiting}+` : kind.waiting}</td>
                  <td>{kind.scheduled}</td>
                  <td>{kind.active}</td>
                  <td>{kind.retrying}</td>
                  <td>{kind.failed}</td>
                </tr>
              )}
            />
          </Panel>
          <Panel title="Failed jobs">
            <ActionProblem message={problem} />
            {load.data.failed.length === 0 ? (
              <EmptyState
                title="No failed jobs"
                description="Every job either went through or is still being retried."
              />
            ) : (
              <ul className="lb-stack" aria-label="Failed jobs">
                {load.data.failed.map((job) => (
                  <li key={job.id}>
                    <p>
                      <strong>{job.label}</strong>: {job.summary}
                    </p>
                    <p className="lb-muted">
                      Failed {formatDisplayDate(job.failed_at)} after{' '}
                      {job.attempts === 1 ? '1 attempt' : `${job.attempts} attempts`}
                      {job.error ? `: “${job.error}”` : ''}
                    </p>
                    <div className="lb-row">
                      <Button
                        size="small"
                        variant="primary"
                        busy={busy === `retry:${job.id}`}
                        onClick={() => void settle(job, 'retry')}
                      >
                        Retry
                      </Button>
                      <Button
                        size="small"
                        busy={busy === `discard:${job.id}`}
                        onClick={() => void settle(job, 'discard')}
                      >
                        Discard
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </>
      ) : null}
    </section>
  );
}
