import { useState } from 'react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { useAction } from '@lifeboard/shared/lib/use-action';
import { ActionProblem, EmptyState, ErrorPanel, NotLoaded, Skeleton } from '@lifeboard/shared/ui/feedback';
import { Select } from '@lifeboard/shared/ui/fields';
import { Table } from '@lifeboard/shared/ui/Table';
import { htmlToText } from '@lifeboard/shared/ui/model/rich-text';
import { fileSize } from '@lifeboard/shared/lib/file-size';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { ProgramCover } from '@lifeboard/shared/ui/ProgramCover';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { Button } from '@lifeboard/shared/ui/Button';
import { ConfirmDialog } from '@lifeboard/shared/ui/Dialog';
import { TextArea } from '@lifeboard/shared/ui/fields';
import { ProgramInstalls } from '@lifeboard/shared/ui/ProgramInstalls';
import { price, programStatuses, readProgramWithChapters, removeCover, reviewProgram } from './admin-programs';
import type { AdminChapter, AdminProgram, ProgramStatus, ReviewDecision } from './admin-programs';
import { useAdminPrograms } from './use-admin-programs';

const statusLabel: Record<ProgramStatus, string> = { draft: 'Draft', review: 'In review', published: 'Published' };
const decisionLabel: Record<ReviewDecision, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  unpublish: 'Unpublished',
};

/** The cover buyers will see, what it is described as, and taking it away (a cover that breaks the rules). */
function CoverReview({ program, onDone }: { program: AdminProgram; onDone: () => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!program.cover) return <p className="lb-muted">No cover: buyers see the title and description only.</p>;
  async function remove() {
    setAsking(false);
    setBusy(true);
    const failed = await removeCover(program.id);
    setBusy(false);
    setProblem(failed ? `The cover was not removed: ${failed}` : null);
    if (!failed) onDone();
  }
  return (
    <>
      <ProgramCover cover={program.cover} title={program.title} alt={program.cover_alt} size="page" />
      <p>
        {program.cover_alt ? `Described as: “${program.cover_alt}”.` : 'Not described: screen readers read the title.'}
      </p>
      <Button variant="danger" size="small" busy={busy} onClick={() => setAsking(true)}>
        Remove the cover
      </Button>
      {problem ? (
        <p role="alert" className="lb-field__error">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={`Remove the cover of “${program.title}”?`}
        confirmLabel="Remove the cover"
        danger
        onConfirm={() => void remove()}
        onCancel={() => setAsking(false)}
      >
        <p>The image is deleted. Its creator can upload another.</p>
      </ConfirmDialog>
    </>
  );
}

/** The review decisions a program's status allows: approve or reject one in review, unpublish a published one. */
function ReviewActions({
  program,
  onDone,
  compact = false,
}: {
  program: AdminProgram;
  onDone: () => void;
  compact?: boolean;
}) {
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAction<ReviewDecision>();
  async function decide(decision: ReviewDecision) {
    if (await run(decision, () => reviewProgram(program.id, decision, reason))) {
      setReason('');
      onDone();
    }
  }
  const name = program.title || `program #${program.id}`;
  if (program.status === 'draft')
    return compact ? null : <p className="lb-muted">A draft: its creator has not asked for review.</p>;
  if (compact) {
    return program.status === 'review' ? (
      <Button
        size="small"
        variant="primary"
        busy={busy === 'approve'}
        onClick={() => void decide('approve')}
        aria-label={`Approve ${name}`}
      >
        Approve
      </Button>
    ) : (
      <Button
        size="small"
        busy={busy === 'unpublish'}
        onClick={() => void decide('unpublish')}
        aria-label={`Unpublish ${name}`}
      >
        Unpublish
      </Button>
    );
  }
  return (
    <div className="lb-stack">
      <TextArea
        label={
          program.status === 'review'
            ? 'Reason (needed to reject; the creator sees it)'
            : 'Reason for unpublishing (the creator sees it)'
        }
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={2000}
      />
      <ActionProblem message={error} />
      <div className="lb-row">
        {program.status === 'review' ? (
          <>
            <Button variant="primary" busy={busy === 'approve'} onClick={() => void decide('approve')}>
              Approve and publish
            </Button>
            <Button busy={busy === 'reject'} onClick={() => void decide('reject')}>
              Reject
            </Button>
          </>
        ) : (
          <Button busy={busy === 'unpublish'} onClick={() => void decide('unpublish')}>
            Unpublish
          </Button>
        )}
      </div>
    </div>
  );
}

/** `/admin/programs`: every program, drafts and programs in review included, with author and subscribers. */
export function AdminPrograms() {
  const [status, setStatus] = useState<ProgramStatus | ''>('');
  const programs = useAdminPrograms(status);
  return (
    <section className="lb-stack">
      <PageHeader
        title="Programs"
        description="Every program creators have written, whatever its status, oldest first. Approve programs in review to list them."
      />
      <Select
        label="Status"
        value={status}
        placeholder="All statuses"
        options={programStatuses.map((s) => ({ value: s, label: statusLabel[s] }))}
        onChange={(e) => setStatus(programStatuses.find((s) => s === e.target.value) ?? '')}
      />
      <NotLoaded load={programs} what="The programs" lines={4} code="LB-FORBIDDEN" />
      {programs.state === 'ready' ? (
        <Table
          label="Programs"
          columns={['Program', 'Status', 'Author', 'Price', 'Subscribers', 'Updated', 'Review']}
          rows={programs.data}
          empty={<EmptyState title={status ? `No ${statusLabel[status].toLowerCase()} programs` : 'No programs yet'} />}
          row={(p) => (
            <tr key={p.id}>
              <td>
                <Link to={`/admin/program/${p.id}`}>{p.title || `Program #${p.id}`}</Link>
              </td>
              <td>{statusLabel[p.status]}</td>
              <td>
                <Link to={`/admin/users/${p.author.id}`}>{p.author.name}</Link>
              </td>
              <td>{price(p)}</td>
              <td>
                {p.subscriptions.active} active / {p.subscriptions.total}
              </td>
              <td>{formatDisplayDay(p.updated_at)}</td>
              <td>
                <ReviewActions program={p} onDone={programs.reload} compact />
              </td>
            </tr>
          )}
        />
      ) : null}
    </section>
  );
}

/** `/admin/program/:id`: one program, whatever its status, as its subscribers would see it, with its author. */
export function AdminProgram() {
  const { id } = useParams();
  const valid = /^\d{1,10}$/.test(id ?? '');
  const load = useApiGet(valid ? `/api/admin/programs/${id ?? ''}` : null, readProgramWithChapters);
  if (!valid || load.state === 'missing')
    return <ErrorPanel title="Program not found" message={`There is no program #${id ?? ''}.`} code="LB-NOT-FOUND" />;
  if (load.state === 'loading') return <Skeleton lines={4} />;
  if (load.state === 'failed')
    return <ErrorPanel message={`The program could not be loaded: ${load.message}`} onRetry={load.reload} />;
  const { program, chapters } = load.data;
  const t = program.template;
  return (
    <section className="lb-stack">
      <Link to="/admin/programs">← All programs</Link>
      <PageHeader
        title={program.title || `Program #${program.id}`}
        description={`${statusLabel[program.status]} · Price: ${price(program)}`}
      />
      {program.status === 'published' ? (
        <p>
          <Link to={`/program-purchase/${encodeURIComponent(program.guid)}`}>Its page for buyers</Link>
        </p>
      ) : null}
      <Panel title="Author">
        <p>
          <Link to={`/admin/users/${program.author.id}`}>{program.author.name}</Link> · {program.author.email}
        </p>
        <p>
          Created {formatDisplayDay(program.created_at)}, updated {formatDisplayDay(program.updated_at)} ·{' '}
          {program.subscriptions.active} active of {program.subscriptions.total} subscriptions
        </p>
      </Panel>
      <Panel title="Review">
        {program.review ? (
          <p>
            {decisionLabel[program.review.decision]} on {formatDisplayDay(program.review.created_at)}
            {program.review.reason ? `: “${program.review.reason}”` : ''}
          </p>
        ) : null}
        <ReviewActions program={program} onDone={load.reload} />
      </Panel>
      <Panel title="Cover image">
        <CoverReview program={program} onDone={load.reload} />
      </Panel>
      <Panel title="Description">
        {program.description ? (
          htmlToText(program.description)
            .split('\n')
            .filter(Boolean)
            .map((line, i) => <p key={i}>{line}</p>)
        ) : (
          <p className="lb-muted">No description.</p>
        )}
      </Panel>
      <Panel title={`Chapters (${chapters.length})`}>
        {chapters.length === 0 ? <p className="lb-muted">No chapters yet.</p> : null}
        {chapters.map((chapter, i) => (
          <article key={chapter.id} aria-label={`Chapter ${i + 1}: ${chapter.title}`} className="lb-stack">
            <h3>
              {i + 1}. {chapter.title || 'Untitled'}{' '}
              <span className="lb-muted">
                {chapter.available_after_days === 0
                  ? '(opens at once)'
                  : `(opens ${chapter.available_after_days} day${chapter.available_after_days === 1 ? '' : 's'} after buying)`}
              </span>
            </h3>
            {chapter.body ? (
              htmlToText(chapter.body)
                .split('\n')
                .filter(Boolean)
                .map((line, j) => <p key={j}>{line}</p>)
            ) : (
              <p className="lb-muted">No lesson text.</p>
            )}
            <LessonExtras chapter={chapter} />
          </article>
        ))}
      </Panel>
      <Panel title="What it installs">
        <ProgramInstalls template={t} empty={<p>Nothing: guidance only.</p>} />
      </Panel>
    </section>
  );
}

/** A lesson's video, files and quiz (with its right answers), as the buyer will get them. */
function LessonExtras({ chapter }: { chapter: AdminChapter }) {
  return (
    <>
      {chapter.video_url ? (
        <p>
          Video:{' '}
          <a href={chapter.video_url} target="_blank" rel="noreferrer noopener">
            {chapter.video_url}
          </a>
        </p>
      ) : null}
      {chapter.files.length > 0 ? (
        <>
          <p>Files to download:</p>
          <ul>
            {chapter.files.map((file) => (
              <li key={file.id}>
                {file.name} <span className="lb-muted">({fileSize(file.size)})</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {chapter.quiz.length > 0 ? (
        <>
          <p>
            Quiz: {chapter.quiz.length} question{chapter.quiz.length === 1 ? '' : 's'}
          </p>
          <ol aria-label={`Quiz of ${chapter.title || 'this chapter'}`}>
            {chapter.quiz.map((q, i) => (
              <li key={i}>
                {q.question}
                <ul>
                  {q.choices.map((choice, j) => (
                    <li key={j}>
                      {choice}
                      {j === q.answer ? <strong> (right answer)</strong> : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </>
  );
}
