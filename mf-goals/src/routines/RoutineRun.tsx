import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { createResource, type AnyRecord } from '@lifeboard/shared/api/resource';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { $board } from '@lifeboard/shared/stores/board';
import { Button } from '@lifeboard/shared/ui/Button';
import { ErrorPanel, Spinner } from '@lifeboard/shared/ui/feedback';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';

interface Step {
  title: string;
  duration_min?: number;
}
interface Run {
  started_at: string;
  finished_at: string;
  steps_done: number;
  steps_total: number;
}

const clock = (seconds: number) =>
  `${Math.floor(Math.abs(seconds) / 60)}:${String(Math.abs(seconds) % 60).padStart(2, '0')}`;

/** Seconds since `since`, ticking once a second while mounted. */
function useElapsed(since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - since) / 1000));
}

function StepTimer({ step, startedAt }: { step: Step; startedAt: number }) {
  const elapsed = useElapsed(startedAt);
  if (!step.duration_min)
    return (
      <p aria-live="off" className="lb-routine-timer">
        {clock(elapsed)} so far
      </p>
    );
  const left = step.duration_min * 60 - elapsed;
  return (
    <p aria-live="off" className="lb-routine-timer">
      {left >= 0 ? `${clock(left)} left` : `${clock(left)} over the ${step.duration_min} minutes`}
    </p>
  );
}

/**
 * Start mode of a routine or ritual (`/routines/:id/run`, `/rituals/:id/run`): its steps one at a time with a
 * timer each; finishing records a run (when, and how many steps were done) on the record, shown as history.
 */
export function RoutineRun({ model }: { model: 'routine' | 'ritual' }) {
  const { id } = useParams();
  const board = useStore($board);
  const [record, setRecord] = useState<AnyRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const [done, setDone] = useState(0);
  const [stepStart, setStepStart] = useState(0);
  const started = useRef('');
  const [saved, setSaved] = useState<string | null>(null);
  const list = model === 'routine' ? '/routines' : '/rituals';

  useEffect(() => {
    let current = true;
    void createResource(model)
      .get(board.id, Number(id))
      .then((result) => {
        if (!current) return;
        if (result.ok) setRecord(result.data);
        else setError(result.error.message);
      });
    return () => {
      current = false;
    };
  }, [model, board.id, id]);

  if (error) return <ErrorPanel title={`This ${model} could not be opened`} message={error} />;
  if (!record) return <Spinner />;
  const steps = (Array.isArray(record.steps) ? record.steps : []) as Step[];
  const runs = (Array.isArray(record.runs) ? record.runs : []) as Run[];

  const start = () => {
    started.current = new Date().toISOString();
    setIndex(0);
    setDone(0);
    setSaved(null);
    setStepStart(Date.now());
  };
  const finish = async (stepsDone: number) => {
    setIndex(null);
    const run: Run = {
      started_at: started.current,
      finished_at: new Date().toISOString(),
      steps_done: stepsDone,
      steps_total: steps.length,
    };
    const result = await createResource(model).update(board.id, record.id, { runs: [...runs, run].slice(-500) });
    if (!result.ok) return setSaved(`The run could not be recorded: ${result.error.message}`);
    setRecord(result.data);
    setSaved(`Recorded: ${stepsDone} of ${steps.length} steps done.`);
  };
  const advance = (completed: boolean) => {
    const stepsDone = done + (completed ? 1 : 0);
    setDone(stepsDone);
    if (index === null || index + 1 >= steps.length) return void finish(stepsDone);
    setIndex(index + 1);
    setStepStart(Date.now());
  };

  const step = index === null ? null : steps[index];
  return (
    <section className="lb-stack">
      <PageHeader
        title={String(record.title ?? '')}
        description={
          typeof record.intention === 'string' && record.intention
            ? record.intention
            : `${steps.length} ${steps.length === 1 ? 'step' : 'steps'}`
        }
        actions={<Link to={list}>All {model}s</Link>}
      />
      {step ? (
        <Panel title={`Step ${index! + 1} of ${steps.length}: ${step.title}`} level={2}>
          <StepTimer key={index} step={step} startedAt={stepStart} />
          <div className="lb-row">
            <Button variant="primary" onClick={() => advance(true)}>
              {index! + 1 >= steps.length ? 'Done, finish' : 'Done, next step'}
            </Button>
            <Button onClick={() => advance(false)}>Skip</Button>
            <Button variant="ghost" onClick={() => void finish(done)}>
              Stop here
            </Button>
          </div>
        </Panel>
      ) : (
        <Panel title="Start mode" level={2}>
          {steps.length ? (
            <ol>
              {steps.map((s, i) => (
                <li key={i}>
                  {s.title}
                  {s.duration_min ? ` (${s.duration_min} min)` : ''}
                </li>
              ))}
            </ol>
          ) : (
            <p>
              This {model} has no steps yet. Add them on the <Link to={list}>{model}s page</Link>, one per line.
            </p>
          )}
          {steps.length ? (
            <Button variant="primary" onClick={start}>
              Start
            </Button>
          ) : null}
          {saved ? <p role="status">{saved}</p> : null}
        </Panel>
      )}
      <Panel title="Runs" level={2}>
        {runs.length ? (
          <ul>
            {runs
              .slice(-10)
              .reverse()
              .map((run) => (
                <li key={run.started_at}>
                  {formatDisplayDate(run.started_at)}: {run.steps_done} of {run.steps_total} steps,{' '}
                  {Math.max(1, Math.round((Date.parse(run.finished_at) - Date.parse(run.started_at)) / 60_000))} min
                </li>
              ))}
          </ul>
        ) : (
          <p className="lb-muted">Not run yet.</p>
        )}
      </Panel>
    </section>
  );
}
