import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import { subscribeToProgram } from '@lifeboard/shared/api/account';
import { $board } from '@lifeboard/shared/stores/board';
import { adoptBoard } from '@lifeboard/shared/stores/board-adopt';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { excerpt, htmlToText } from '@lifeboard/shared/ui/model/rich-text';
import { Card, PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { formatMoney } from '@lifeboard/shared/lib/money';
import { usePublishedPrograms } from './published';
import type { Program } from './published';

/** Subscribes (a new board with the program installed, switched to) or unsubscribes, as spec §4 says. */
function useSubscribe() {
  const board = useStore($board);
  const [busy, setBusy] = useState(false);
  async function run(program: Program, isSubscribing: boolean) {
    setBusy(true);
    const result = await subscribeToProgram({ programId: program.id, isSubscribing, currentBoardId: board.id });
    setBusy(false);
    if (!result.ok) {
      notify({ kind: 'error', message: `That did not work: ${result.error.message}` });
      return;
    }
    // Spec §4: the answered board becomes current, the same transition as the shell's subscribeToProgram.
    adoptBoard(result.data.board);
    notify({ kind: 'success', message: isSubscribing ? `Subscribed: “${String(program.title)}” is on its own board, “${result.data.board.name}”.` : `Unsubscribed from “${String(program.title)}”.` });
  }
  return { busy, run };
}

function what(program: Program): string {
  const t = program.template ?? {};
  const parts = [t.goals?.length ? `${t.goals.length} goals` : '', t.habits?.length ? `${t.habits.length} habits` : '', t.routines?.length ? `${t.routines.length} routines` : ''].filter(Boolean);
  return parts.length ? `Installs ${parts.join(', ')}.` : '';
}

/** `/programs`: the catalogue of published programs. */
export function ProgramCatalogue() {
  const { programs, failed, reload } = usePublishedPrograms();
  const { busy, run } = useSubscribe();
  return (
    <section className="lb-stack">
      <PageHeader title="Programs" description="Guided programs by creators. Subscribing puts the program's goals, habits and routines on a new board of its own." />
      {failed ? <ErrorPanel message="The catalogue could not be loaded." onRetry={reload} /> : null}
      {programs === null ? <Skeleton lines={4} /> : null}
      {programs?.length === 0 && !failed ? <EmptyState title="No programs published yet" description="Creators can publish theirs from Creator programs." action={<Link to="/creator-programs">Create a program</Link>} /> : null}
      {programs?.map((program) => (
        <Card key={program.id}>
          <h2><Link to={`/program/${program.id}`}>{program.title}</Link></h2>
          <p>{excerpt(program.description ?? '', 240)}</p>
          <p className="lb-muted">{formatMoney(program.price_cents, program.currency)} · {what(program)}</p>
          <Button variant="primary" busy={busy} onClick={() => void run(program, true)}>Subscribe<span className="lb-visually-hidden"> to {program.title}</span></Button>
        </Card>
      ))}
    </section>
  );
}

/** `/program/:id` (and `/subscription/:id`, which manages the subscription to that program). */
export function ProgramPage({ subscription = false }: { subscription?: boolean }) {
  const { id } = useParams();
  const { programs, failed, reload } = usePublishedPrograms();
  const { busy, run } = useSubscribe();
  const program = programs?.find((p) => p.id === Number(id));
  if (failed) return <ErrorPanel message="The program could not be loaded." onRetry={reload} />;
  if (programs === null) return <Skeleton lines={5} />;
  if (!program) return <ErrorPanel title="Program not found" message="It may have been unpublished." code="LB-NOT-FOUND" />;
  const t = program.template ?? {};
  return (
    <section className="lb-stack">
      <Link to="/programs">← All programs</Link>
      <PageHeader title={subscription ? `Your subscription: ${String(program.title)}` : program.title} description={formatMoney(program.price_cents, program.currency)} />
      <Panel>{htmlToText(program.description ?? '').split('\n').map((line, i) => <p key={i}>{line}</p>)}</Panel>
      <Panel title="What it installs">
        {t.goals?.length ? <><h3>Goals</h3><ul>{t.goals.map((g) => <li key={g.title}>{g.title}</li>)}</ul></> : null}
        {t.habits?.length ? <><h3>Habits</h3><ul>{t.habits.map((h) => <li key={h.title}>{h.title}</li>)}</ul></> : null}
        {t.routines?.length ? <><h3>Routines</h3><ul>{t.routines.map((r) => <li key={r.title}>{r.title}</li>)}</ul></> : null}
        {!what(program) ? <p>Prompts and guidance only.</p> : null}
      </Panel>
      {subscription && program.guid ? <Link to={`/program-implement/${encodeURIComponent(String(program.guid))}`}>Put it into practice: chapters and progress</Link> : null}
      {subscription
        ? <Button variant="danger" busy={busy} onClick={() => void run(program, false)}>Unsubscribe</Button>
        : <Button variant="primary" busy={busy} onClick={() => void run(program, true)}>Subscribe</Button>}
    </section>
  );
}
