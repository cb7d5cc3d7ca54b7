import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import { subscribeToProgram, verifyBoard } from '@lifeboard/shared/api/boards';
import { $board } from '@lifeboard/shared/stores/board';
import { adoptBoard } from '@lifeboard/shared/stores/board-adopt';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { ActionProblem, EmptyState, ErrorPanel, NotLoaded, Skeleton } from '@lifeboard/shared/ui/feedback';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { ProgramCover } from '@lifeboard/shared/ui/ProgramCover';
import { installsText } from '../authors/author-api';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { TextArea, TextField } from '@lifeboard/shared/ui/fields';
import { markChapter, readImplementation, readMySubscriptions, requestRefund, stepHref } from './implement-api';
import { formatMoney } from '@lifeboard/shared/lib/money';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { useAction } from '@lifeboard/shared/lib/use-action';
import type { Chapter, Implementation, Purchase } from './implement-api';
import { LessonContent } from './LessonContent';

/** `/program-implement` without a guid: the programs the user subscribed to, to pick one. */
function ChooseProgram() {
  const list = useApiGet('/api/program-implement', readMySubscriptions);
  return (
    <section className="lb-stack">
      <PageHeader
        title="Put a program into practice"
        description="Pick one of your programs to see its chapters and how far you are with what it set up."
      />
      <NotLoaded load={list} what="Your programs" />
      {list.state === 'ready' && list.data.length === 0 ? (
        <EmptyState
          title="You have not subscribed to a program yet"
          description="Programs set up goals, habits and routines on a board of their own."
          action={<Link to="/programs">Browse programs</Link>}
        />
      ) : null}
      {list.state === 'ready' && list.data.length ? (
        <ul className="lb-stack">
          {list.data.map((s) => (
            <li key={s.id}>
              <Link to={`/program-implement/${encodeURIComponent(s.program.guid)}`}>{s.program.title}</Link>{' '}
              <span className="lb-muted">
                {s.status === 'active' ? `on the board “${s.board_name ?? 'deleted board'}”` : 'unsubscribed'} · since{' '}
                {formatDisplayDay(s.subscribed_at)}
              </span>{' '}
              <Link to={`/subscription/${s.id}`} aria-label={`Your subscription to ${s.program.title}`}>
                Subscription
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Progress({ data }: { data: Implementation }) {
  const board = useStore($board);
  const sub = data.subscription;
  const onOtherBoard = sub?.board_id != null && sub.board_id !== board.id;
  // Switching board is verified by the server (spec §4), as the shell's board switcher does.
  async function handleSwitch(id: number) {
    const result = await verifyBoard(id);
    if (result.ok) adoptBoard(result.data);
    else notify({ kind: 'error', message: `Could not switch board: ${result.error.message}` });
  }
  return (
    <Panel title="Your progress">
      <p>
        <progress max={100} value={data.progress} aria-label="Program progress" /> <strong>{data.progress}%</strong> of
        its goals done and habits started.
      </p>
      {onOtherBoard ? (
        <p>
          The program lives on the board “{sub.board_name}”; you are on “{board.name}”.{' '}
          <Button size="small" onClick={() => void handleSwitch(sub.board_id ?? 0)}>
            Switch to “{sub.board_name}”
          </Button>
        </p>
      ) : null}
      <ol className="lb-stack">
        {data.steps.map((step, i) => {
          const href = stepHref(step);
          return (
            <li key={`${step.kind}-${i}`}>
              <span aria-hidden="true">{step.done ? '✓ ' : '○ '}</span>
              <span className="lb-muted">{step.kind}</span>{' '}
              {href && !onOtherBoard ? <Link to={href}>{step.title}</Link> : step.title}
              {' — '}
              {step.detail}
              {step.done ? <span className="lb-visually-hidden"> (done)</span> : null}
            </li>
          );
        })}
      </ol>
      {data.steps.length === 0 ? <p>This program sets nothing up on your board: its chapters are the guide.</p> : null}
    </Panel>
  );
}

function Implement({ guid }: { guid: string }) {
  const board = useStore($board);
  const load = useApiGet(`/api/program-implement/${encodeURIComponent(guid)}`, readImplementation);
  const [busy, setBusy] = useState(false);
  if (load.state === 'loading') return <Skeleton lines={6} />;
  if (load.state === 'missing')
    return (
      <ErrorPanel
        title="Program not found"
        message="No published program has this link. It may have been withdrawn."
        code="LB-NOT-FOUND"
      />
    );
  if (load.state === 'failed')
    return <ErrorPanel message={`The program could not be loaded: ${load.message}`} onRetry={load.reload} />;
  const data = load.data;
  const active = data.subscription?.status === 'active';
  const paid = data.program.price_cents > 0;
  // A paid program whose chapters are closed: not bought, or refunded.
  const locked = data.chapters.length > 0 && data.chapters.every((c) => c.body === null && c.opens_at === null);
  async function handleStart() {
    setBusy(true);
    const result = await subscribeToProgram({
      programId: data.program.id,
      isSubscribing: true,
      currentBoardId: board.id,
    });
    setBusy(false);
    if (!result.ok) {
      notify({ kind: 'error', message: `The program could not be started: ${result.error.message}` });
      return;
    }
    adoptBoard(result.data.board);
    load.reload();
  }
  return (
    <section className="lb-stack">
      <Link to="/program-implement">← Your programs</Link>
      <ProgramCover cover={data.program.cover} title={data.program.title} alt={data.program.cover_alt} size="page" />
      <PageHeader title={data.program.title} description={installsText(data.program.installs)} />
      {active && !locked ? (
        <Progress data={data} />
      ) : paid && !data.is_author ? (
        <Panel title="Buy this program to start">
          <p>Its lessons open once you buy it, and its goals, habits and routines go onto a new board of yours.</p>
          <Link className="lb-button lb-button--primary" to={`/program-purchase/${encodeURIComponent(guid)}`}>
            Buy for {formatMoney(data.program.price_cents, data.program.currency)}
          </Link>
        </Panel>
      ) : (
        <Panel title={data.subscription ? 'You unsubscribed from this program' : 'Not started yet'}>
          <p>
            Starting puts its goals, habits and routines on a new board and switches you to it; the chapters open to
            you.
          </p>
          <Button variant="primary" busy={busy} onClick={() => void handleStart()}>
            Start this program
          </Button>
        </Panel>
      )}
      {data.purchase ? <PurchasePanel purchase={data.purchase} onChange={load.reload} /> : null}
      <CoursePlayer data={data} guid={guid} onChange={load.reload} />
    </section>
  );
}

/** The buyer's purchase: its receipt, and a refund request while the refund window is open. */
function PurchasePanel({ purchase, onChange }: { purchase: Purchase; onChange: () => void }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAction();
  const receipt = <Link to={`/transaction/${purchase.transaction_id}`}>Your receipt</Link>;
  const open = Date.parse(purchase.refundable_until) > Date.now();
  async function send() {
    if (await run(true, () => requestRefund(purchase.transaction_id, reason))) onChange();
  }
  let body;
  if (purchase.state === 'refunded') body = <p>This purchase was refunded, and its lessons are closed. {receipt}</p>;
  else if (purchase.refund_requested_at)
    body = (
      <p>
        You asked for a refund on {formatDisplayDay(purchase.refund_requested_at)}. The creator (or an admin) decides;
        your access ends if it is refunded. {receipt}
      </p>
    );
  else if (!open)
    body = (
      <p>
        {receipt}. The refund window closed on {formatDisplayDay(purchase.refundable_until)}.
      </p>
    );
  else {
    body = (
      <>
        <p>
          {receipt}. You can ask for a refund until {formatDisplayDay(purchase.refundable_until)}.
        </p>
        {asking ? (
          <div className="lb-stack">
            <TextArea
              label="Why do you want a refund? (optional; the creator reads it)"
              value={reason}
              maxLength={1000}
              onChange={(e) => setReason(e.target.value)}
            />
            <ActionProblem message={error} />
            <div className="lb-row">
              <Button variant="primary" busy={busy !== null} onClick={() => void send()}>
                Send the refund request
              </Button>
              <Button onClick={() => setAsking(false)}>Cancel</Button>
            </div>
          </div>
        ) : (
          <Button onClick={() => setAsking(true)}>Ask for a refund</Button>
        )}
      </>
    );
  }
  return <Panel title="Your purchase">{body}</Panel>;
}

/** A chapter as a buyer on day `day` of the program would see it (the author's preview of the drip schedule). */
function asBuyerOnDay(chapter: Chapter, day: number): Chapter {
  return chapter.available_after_days > day ? { ...chapter, body: null } : chapter;
}

/**
 * The course player: one chapter at a time with "Mark complete", progress in %, and it opens where the buyer
 * left off (the first chapter not complete).
 */
function CoursePlayer({ data: loaded, guid, onChange }: { data: Implementation; guid: string; onChange: () => void }) {
  const [current, setCurrent] = useState<number | null>(loaded.lessons.resume_chapter_id);
  const { busy, error, run } = useAction();
  // The author previews the player as a buyer on a given day after starting (null: the author's own view).
  const [previewDay, setPreviewDay] = useState<string | null>(null);
  if (loaded.chapters.length === 0)
    return (
      <Panel title="Lessons">
        <p>This program has no chapters yet.</p>
      </Panel>
    );
  const day = previewDay === null ? null : Math.max(0, Math.floor(Number(previewDay) || 0));
  const data =
    day === null
      ? loaded
      : { ...loaded, chapters: loaded.chapters.map((c) => asBuyerOnDay({ ...c, completed: false }, day)) };
  const index = Math.max(
    0,
    data.chapters.findIndex((c) => c.id === current),
  );
  const chapter = data.chapters[index];
  const closedWords = (c: Chapter) => {
    if (day !== null) return `A buyer reads this lesson from day ${c.available_after_days} after starting.`;
    if (c.opens_at) return `This lesson opens on ${formatDisplayDay(c.opens_at)}.`;
    return `This lesson opens when you ${data.program.price_cents > 0 ? 'buy' : 'start'} the program.`;
  };
  async function toggle(completed: boolean) {
    if (!(await run(true, () => markChapter(guid, chapter.id, completed)))) return;
    const next = data.chapters[index + 1];
    if (completed && next) setCurrent(next.id);
    onChange();
  }
  return (
    <Panel title="Lessons">
      {loaded.is_author ? (
        <div className="lb-row" role="group" aria-label="Preview">
          {previewDay === null ? (
            <Button size="small" onClick={() => setPreviewDay('0')}>
              Preview as a buyer
            </Button>
          ) : (
            <>
              <TextField
                label="A buyer's day after starting"
                type="number"
                min={0}
                max={3650}
                value={previewDay}
                onChange={(e) => setPreviewDay(e.target.value)}
              />
              <Button size="small" onClick={() => setPreviewDay(null)}>
                End the preview
              </Button>
            </>
          )}
        </div>
      ) : null}
      <p>
        <progress max={100} value={data.lessons.percent} aria-label="Lessons complete" />{' '}
        <strong>{data.lessons.percent}%</strong> · {data.lessons.completed} of {data.lessons.total} lessons complete
      </p>
      <ol className="lb-stack" aria-label="Chapters">
        {data.chapters.map((c, i) => (
          <li key={c.id}>
            <Button
              size="small"
              variant={c.id === chapter.id ? 'secondary' : 'ghost'}
              aria-current={c.id === chapter.id ? 'step' : undefined}
              onClick={() => setCurrent(c.id)}
            >
              <span aria-hidden="true">
                {c.completed ? '✓ ' : c.body === null && (c.opens_at || day !== null) ? '🔒 ' : '○ '}
              </span>
              {i + 1}. {c.title}
              {c.completed ? <span className="lb-visually-hidden"> (complete)</span> : null}
              {c.opens_at && day === null ? (
                <span className="lb-muted"> · opens {formatDisplayDay(c.opens_at)}</span>
              ) : null}
              {day !== null && c.body === null ? (
                <span className="lb-muted"> · opens on day {c.available_after_days}</span>
              ) : null}
            </Button>
          </li>
        ))}
      </ol>
      <article aria-labelledby="lesson-title" className="lb-stack">
        <h3 id="lesson-title">
          Lesson {index + 1}: {chapter.title}
        </h3>
        {chapter.body === null ? (
          <p className="lb-muted">{closedWords(chapter)}</p>
        ) : (
          <LessonContent key={chapter.id} chapter={chapter} guid={guid} isAuthor={data.is_author} />
        )}
        <ActionProblem message={error} />
        <div className="lb-row">
          <Button size="small" disabled={index === 0} onClick={() => setCurrent(data.chapters[index - 1].id)}>
            Previous lesson
          </Button>
          {chapter.body !== null && !data.is_author && day === null ? (
            chapter.completed ? (
              <Button size="small" busy={busy !== null} onClick={() => void toggle(false)}>
                Mark as not complete
              </Button>
            ) : (
              <Button size="small" variant="primary" busy={busy !== null} onClick={() => void toggle(true)}>
                Mark complete
              </Button>
            )
          ) : null}
          <Button
            size="small"
            disabled={index === data.chapters.length - 1}
            onClick={() => setCurrent(data.chapters[index + 1].id)}
          >
            Next lesson
          </Button>
        </div>
      </article>
    </Panel>
  );
}

/** `/program-implement/:programGuid?`: a guided page to put a subscribed program into practice. */
export function ProgramImplement() {
  const guid = useParams().programGuid;
  return guid ? <Implement key={guid} guid={guid} /> : <ChooseProgram />;
}
