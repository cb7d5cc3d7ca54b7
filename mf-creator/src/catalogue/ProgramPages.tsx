import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import { subscribeToProgram } from '@lifeboard/shared/api/boards';
import { $board } from '@lifeboard/shared/stores/board';
import { adoptBoard } from '@lifeboard/shared/stores/board-adopt';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { ConfirmDialog } from '@lifeboard/shared/ui/Dialog';
import { EmptyState, ErrorPanel, NotLoaded, Skeleton } from '@lifeboard/shared/ui/feedback';
import { excerpt, htmlToText } from '@lifeboard/shared/ui/model/rich-text';
import { Card, PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { ProgramCover } from '@lifeboard/shared/ui/ProgramCover';
import { ProgramInstalls } from '@lifeboard/shared/ui/ProgramInstalls';
import { formatMoney } from '@lifeboard/shared/lib/money';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { isRecord, useApiGet } from '@lifeboard/shared/api/use-api-get';
import { readMySubscriptions } from '../implement/implement-api';
import { usePublishedPrograms } from './published';
import { searchDelayMs, useDebounced } from '@lifeboard/shared/lib/use-debounced';
import { Select, TextField } from '@lifeboard/shared/ui/fields';
import { modelView } from '@lifeboard/shared/ui/model/model-view';

/** The categories a creator picks from, as plain data from the field catalogue (not the model and zod). */
function programCategories(): { value: string; label: string }[] {
  const spec = modelView('program')?.fields.find((field) => field.name === 'category');
  return spec?.kind.type === 'select'
    ? spec.kind.options.map((value) => ({
        value,
        label: spec.kind.type === 'select' ? spec.kind.labels[value] : value,
      }))
    : [];
}
import type { Program } from './published';
import { VerifiedMark } from '@lifeboard/shared/ui/VerifiedMark';

/** Subscribes (a new board with the program installed, switched to) or unsubscribes, as spec §4 says. */
function useSubscribe() {
  const board = useStore($board);
  const [busy, setBusy] = useState(false);
  async function run(program: Pick<Program, 'id' | 'title'>, isSubscribing: boolean) {
    setBusy(true);
    const result = await subscribeToProgram({ programId: program.id, isSubscribing, currentBoardId: board.id });
    setBusy(false);
    if (!result.ok) {
      notify({ kind: 'error', message: `That did not work: ${result.error.message}` });
      return;
    }
    // Spec §4: the answered board becomes current, the same transition as the shell's subscribeToProgram.
    adoptBoard(result.data.board);
    notify({
      kind: 'success',
      message: isSubscribing
        ? `Subscribed: “${String(program.title)}” is on its own board, “${result.data.board.name}”.`
        : `Unsubscribed from “${String(program.title)}”.`,
    });
  }
  return { busy, run };
}

/** A paid program is bought on its purchase page (checkout); a free one is subscribed to here. */
function Acquire({
  program,
  busy,
  run,
}: {
  program: Program;
  busy: boolean;
  run: (program: Pick<Program, 'id' | 'title'>, isSubscribing: boolean) => Promise<void>;
}) {
  if ((program.price_cents ?? 0) > 0) {
    return (
      <Link
        className="lb-button lb-button--primary"
        to={`/program-purchase/${encodeURIComponent(String(program.guid))}`}
      >
        Buy for {formatMoney(program.price_cents, program.currency)}
        <span className="lb-visually-hidden">: {program.title}</span>
      </Link>
    );
  }
  return (
    <Button variant="primary" busy={busy} onClick={() => void run(program, true)}>
      Subscribe<span className="lb-visually-hidden"> to {program.title}</span>
    </Button>
  );
}

function what(program: Program): string {
  const t = program.template ?? {};
  const parts = [
    t.goals?.length ? `${t.goals.length} goals` : '',
    t.habits?.length ? `${t.habits.length} habits` : '',
    t.routines?.length ? `${t.routines.length} routines` : '',
  ].filter(Boolean);
  return parts.length ? `Installs ${parts.join(', ')}.` : '';
}

/** `/programs`: the catalogue of published programs. */
export function ProgramCatalogue() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const settled = useDebounced(search.trim(), searchDelayMs);
  const { programs, failed, reload } = usePublishedPrograms({ search: settled, category });
  const { busy, run } = useSubscribe();
  const narrowed = settled !== '' || category !== '';
  return (
    <section className="lb-stack">
      <PageHeader
        title="Programs"
        description="Guided programs by creators. Subscribing puts the program's goals, habits and routines on a new board of its own."
      />
      <div className="lb-row" role="search">
        <TextField
          label="Search programs"
          hint="Words from the title, the description or the author’s name."
          type="search"
          value={search}
          maxLength={200}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select
          label="Category"
          value={category}
          options={[{ value: '', label: 'All categories' }, ...programCategories()]}
          onChange={(event) => setCategory(event.target.value)}
        />
      </div>
      {failed ? <ErrorPanel message="The catalogue could not be loaded." onRetry={reload} /> : null}
      {programs === null ? <Skeleton lines={4} /> : null}
      {programs?.length === 0 && !failed && narrowed ? (
        <EmptyState
          title="No program matches"
          description="Try other words, or another category."
          action={
            <Button
              onClick={() => {
                setSearch('');
                setCategory('');
              }}
            >
              Show all programs
            </Button>
          }
        />
      ) : null}
      {programs?.length === 0 && !failed && !narrowed ? (
        <EmptyState
          title="No programs published yet"
          description="Creators can publish theirs from Creator programs."
          action={<Link to="/creator-programs">Create a program</Link>}
        />
      ) : null}
      {programs?.map((program) => (
        <Card key={program.id}>
          <ProgramCover cover={program.cover} title={String(program.title)} alt={program.cover_alt} />
          <h2>
            <Link to={`/program/${program.id}`}>{program.title}</Link>
          </h2>
          <p>{excerpt(program.description ?? '', 240)}</p>
          <p className="lb-muted">
            {program.author_name ? `By ${program.author_name} · ` : ''}
            {program.category
              ? `${programCategories().find((c) => c.value === program.category)?.label ?? program.category} · `
              : ''}
            Price: {formatMoney(program.price_cents, program.currency)}
            {what(program) ? ` · ${what(program)}` : ''}
          </p>
          <Acquire program={program} busy={busy} run={run} />
        </Card>
      ))}
    </section>
  );
}

interface ProgramOutline {
  author: { id: number; name: string; verified: boolean };
  chapters: { title: string; available_after_days: number }[];
  refund_window_days: number;
}

function readOutline(body: unknown): ProgramOutline | null {
  if (!isRecord(body) || !isRecord(body.author) || !Array.isArray(body.chapters)) return null;
  return {
    author: {
      id: Number(body.author.id),
      name: String(body.author.name ?? ''),
      verified: body.author.verified === true,
    },
    chapters: body.chapters.filter(isRecord).map((c) => ({
      title: String(c.title ?? ''),
      available_after_days: typeof c.available_after_days === 'number' ? c.available_after_days : 0,
    })),
    refund_window_days: typeof body.refund_window_days === 'number' ? body.refund_window_days : 0,
  };
}

/** The sales page's author, chapters (those that open later marked so) and refund terms. */
function Outline({ program }: { program: Program }) {
  const load = useApiGet(`/api/program/${program.id}/outline`, readOutline);
  if (load.state !== 'ready') return <NotLoaded load={load} what="The chapters" lines={3} />;
  const { author, chapters, refund_window_days: days } = load.data;
  const paid = (program.price_cents ?? 0) > 0;
  return (
    <>
      <p>
        By <Link to={`/author/${author.id}`}>{author.name}</Link>
        {author.verified ? <VerifiedMark /> : null}
      </p>
      <Panel title={`Chapters (${chapters.length})`}>
        {chapters.length === 0 ? <p>No chapters yet: guidance and what it installs.</p> : null}
        <ol className="lb-stack">
          {chapters.map((c, i) => (
            <li key={i}>
              {c.title}{' '}
              <span className="lb-muted">
                {paid ? '🔒 Locked until bought; then opens ' : 'Opens '}
                {c.available_after_days > 0
                  ? `${c.available_after_days} day${c.available_after_days === 1 ? '' : 's'} after you start`
                  : 'at once'}
              </span>
            </li>
          ))}
        </ol>
      </Panel>
      {paid ? (
        <Panel title="Refunds">
          <p>
            Not for you? Ask for a refund within {days} day{days === 1 ? '' : 's'} of buying, from your receipt; the
            creator or an admin refunds the whole price.
          </p>
        </Panel>
      ) : null}
    </>
  );
}

/** `/subscription/:id`: the caller's own subscription, by its id, with Cancel. */
export function SubscriptionPage() {
  const { id } = useParams();
  const list = useApiGet('/api/program-implement', readMySubscriptions);
  const { busy, run } = useSubscribe();
  const [asking, setAsking] = useState(false);
  if (list.state === 'loading') return <Skeleton lines={4} />;
  if (list.state !== 'ready')
    return (
      <ErrorPanel
        message={`Your subscriptions could not be loaded: ${list.state === 'failed' ? list.message : 'not found'}`}
        onRetry={list.reload}
      />
    );
  const sub = list.data.find((s) => String(s.id) === id);
  if (!sub)
    return (
      <ErrorPanel
        title="Subscription not found"
        message={`You have no subscription #${id ?? ''}.`}
        code="LB-NOT-FOUND"
      />
    );
  const active = sub.status === 'active';
  async function cancel() {
    setAsking(false);
    if (!sub) return;
    await run(sub.program, false);
    list.reload();
  }
  return (
    <section className="lb-stack">
      <Link to="/program-implement">← Your programs</Link>
      <PageHeader title={`Your subscription: ${sub.program.title}`} description={active ? 'Active' : 'Cancelled'} />
      <Panel>
        <p>
          Since {formatDisplayDay(sub.subscribed_at)}
          {sub.board_name ? ` · on your board “${sub.board_name}”` : ''}.
        </p>
        {active ? (
          <p>
            <Link to={`/program-implement/${encodeURIComponent(sub.program.guid)}`}>Continue the lessons</Link>
          </p>
        ) : null}
      </Panel>
      {active ? (
        <Button variant="danger" busy={busy} onClick={() => setAsking(true)}>
          Cancel subscription
        </Button>
      ) : (
        <p>
          This subscription is cancelled.{' '}
          <Link to={`/program-implement/${encodeURIComponent(sub.program.guid)}`}>Open the program</Link> to start it
          again.
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={`Cancel your subscription to “${sub.program.title}”?`}
        confirmLabel="Cancel subscription"
        cancelLabel="Keep it"
        danger
        onConfirm={() => void cancel()}
        onCancel={() => setAsking(false)}
      >
        <p>Its board stays yours.</p>
      </ConfirmDialog>
    </section>
  );
}

/** `/program/:id`: a published program, to subscribe to (free) or buy (paid). */
export function ProgramPage() {
  const { id } = useParams();
  const { programs, failed, reload } = usePublishedPrograms();
  const { busy, run } = useSubscribe();
  const program = programs?.find((p) => p.id === Number(id));
  if (failed) return <ErrorPanel message="The program could not be loaded." onRetry={reload} />;
  if (programs === null) return <Skeleton lines={5} />;
  if (!program)
    return <ErrorPanel title="Program not found" message="It may have been unpublished." code="LB-NOT-FOUND" />;
  const t = program.template ?? {};
  return (
    <section className="lb-stack">
      <Link to="/programs">← All programs</Link>
      <ProgramCover cover={program.cover} title={String(program.title)} alt={program.cover_alt} size="page" />
      <PageHeader title={program.title} description={`Price: ${formatMoney(program.price_cents, program.currency)}`} />
      <Acquire program={program} busy={busy} run={run} />
      <Panel>
        {htmlToText(program.description ?? '')
          .split('\n')
          .map((line, i) => (
            <p key={i}>{line}</p>
          ))}
      </Panel>
      <Outline program={program} />
      <Panel title="What it installs">
        <ProgramInstalls template={t} empty={<p>Prompts and guidance only.</p>} />
      </Panel>
    </section>
  );
}
