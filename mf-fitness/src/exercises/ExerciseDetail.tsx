import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import { recordLabels, formatWeight, type ExerciseRecords, type RecordKind } from '@lifeboard/shared/models/training';
import { $muscles } from '@lifeboard/shared/stores/data';
import { loadMuscles } from '@lifeboard/shared/stores/data-loaders';
import { ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { exerciseHistory, exerciseRecordsOf, type PastSession } from '../training/api';
import { dayLabel } from '../training/titles';
import { $unit } from '../training/units';
import { BodyMap } from './BodyMap';
import { ProgressPanel } from './ProgressPanel';

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function recordText(kind: RecordKind, value: number, unit: 'kg' | 'lb'): string {
  return kind === 'max_reps' ? `${value} reps` : formatWeight(value, unit);
}

/** `/exercises/:id`: how to do it, the muscles on the body map, equipment and level, your records and history. */
export function ExerciseDetail() {
  const id = Number(useParams().id);
  const { record, error } = useRecord('exercise', id);
  const unit = useStore($unit);
  const muscles = useStore($muscles);
  const [records, setRecords] = useState<ExerciseRecords | null>(null);
  const [history, setHistory] = useState<PastSession[] | null>(null);
  useEffect(() => {
    void exerciseRecordsOf(id).then(setRecords);
    void exerciseHistory(id).then(setHistory);
    void loadMuscles();
  }, [id]);
  if (error) return <ErrorPanel message={error.message} />;
  if (!record) return <Skeleton />;
  // A built-in names its muscles; your own exercise holds catalogue ids.
  const named = (names: unknown, ids: unknown) =>
    Array.isArray(names)
      ? (names as string[])
      : Array.isArray(ids)
        ? muscles.filter((m) => (ids as number[]).includes(m.id)).map((m) => m.name)
        : [];
  const primary = named(record.primary_muscles, record.muscle_ids);
  const secondary = named(record.secondary_muscles, record.secondary_muscle_ids);
  const steps = String(record.instructions ?? '')
    .split('\n')
    .filter((line) => line.trim());
  const facts = [
    record.equipment ? `Equipment: ${capital(String(record.equipment))}` : '',
    record.level ? `Level: ${capital(String(record.level))}` : '',
    record.category ? `Kind: ${capital(String(record.category))}` : '',
    record.is_builtin ? 'From the exercise library' : 'Your exercise',
  ].filter(Boolean);
  return (
    <section className="lb-stack" data-exercise={id}>
      <p>
        <Link to="/exercises">← All exercises</Link>
      </p>
      <PageHeader title={String(record.name)} description={facts.join(' · ')} />
      <Panel title="Muscles">
        <p>
          Main: {primary.join(', ') || 'not named'}
          {secondary.length ? ` · Also: ${secondary.join(', ')}` : ''}
        </p>
        <BodyMap highlighted={primary} secondary={secondary} />
      </Panel>
      <Panel title="How to do it">
        {steps.length ? (
          <ol>
            {steps.map((step, i) => (
              <li key={i}>{step}</li>
            ))}
          </ol>
        ) : (
          <p>No instructions written yet.</p>
        )}
      </Panel>
      <Panel title="Your records">
        {records === null ? (
          <p>Loading your records…</p>
        ) : records.max_reps === null ? (
          <p>No sets of this exercise logged yet: records appear after your first session.</p>
        ) : (
          <dl>
            {(Object.keys(recordLabels) as RecordKind[]).map((kind) =>
              records[kind] === null ? null : (
                <div key={kind}>
                  <dt>{recordLabels[kind]}</dt>
                  <dd>{recordText(kind, records[kind], unit)}</dd>
                </div>
              ),
            )}
          </dl>
        )}
      </Panel>
      {history && history.length ? <ProgressPanel history={history} exerciseId={id} unit={unit} /> : null}
      <Panel title="History">
        {history === null ? (
          <p>Loading…</p>
        ) : history.length === 0 ? (
          <p>Not done in any session yet.</p>
        ) : (
          <ul>
            {history.slice(0, 30).map((s) => (
              <li key={s.id}>
                <Link to={`/workout-session/${s.id}`}>{s.title || dayLabel(s.started_at)}</Link>:{' '}
                {s.sets
                  .filter((x) => x.done !== false)
                  .map((x) => `${x.weight ? formatWeight(x.weight, unit) : 'bodyweight'} × ${x.reps}`)
                  .join(', ') || 'no sets done'}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </section>
  );
}
