import type { FormEvent } from 'react';
import { useParams } from '@lifeboard/shared/lib/router';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { updateRecord } from '@lifeboard/shared/ui/model/record-cache';
import { notify } from '@lifeboard/shared/stores/notifications';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { NumberField, Select } from '@lifeboard/shared/ui/fields';
import { ModelDetailRoute, useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { useFormDraft } from '@lifeboard/shared/stores/use-form-draft';
import { exerciseName } from '../workouts/exercise-names';

interface PerformedSet { exercise_id: number; reps: number; weight?: number | null; rpe?: number | null }

/** Volume (reps × weight) of performed sets, in kg. */
export function sessionVolume(sets: PerformedSet[]): number {
  return sets.reduce((sum, s) => sum + s.reps * (s.weight ?? 0), 0);
}

function SessionSets({ session }: { session: AnyRecord }) {
  const { items: exercises } = useCollection('exercise');
  const sets: PerformedSet[] = Array.isArray(session.sets) ? (session.sets as PerformedSet[]) : [];
  // The set being logged is a draft until it is saved (architecture.md property 4).
  const [row, update, reset] = useFormDraft(`session-set:${session.id}`, { exerciseId: '', reps: '10', weight: '', rpe: '' });
  const { exerciseId, reps, weight, rpe } = row;
  const save = (fields: Record<string, unknown>) => void updateRecord('workout_session', session.id, fields);
  async function handleAdd(event: FormEvent) {
    event.preventDefault();
    if (!exerciseId) return;
    const next = [...sets, { exercise_id: Number(exerciseId), reps: Number(reps) || 0, weight: weight ? Number(weight) : null, rpe: rpe ? Number(rpe) : null }];
    const result = await updateRecord('workout_session', session.id, { sets: next });
    if (result.ok) reset();
    else notify({ kind: 'error', message: `The set was not logged: ${result.error.message}` });
  }
  return (
    <Panel title={`Sets (volume ${sessionVolume(sets)} kg)`}>
      <ol>{sets.map((s, i) => <li key={i}>{exerciseName(exercises, s.exercise_id)}: {s.reps} reps{s.weight ? ` @ ${s.weight} kg` : ''}{s.rpe ? ` · RPE ${s.rpe}` : ''}</li>)}</ol>
      <form className="lb-row" onSubmit={(event) => void handleAdd(event)} aria-label="Log a set">
        <Select label="Exercise" value={exerciseId} placeholder="Choose…" options={exercises.filter((e) => e.id > 0).map((e) => ({ value: String(e.id), label: String(e.name) }))} onChange={(e) => update({ exerciseId: e.target.value })} />
        <NumberField label="Reps" min={0} max={1000} value={reps} onChange={(e) => update({ reps: e.target.value })} />
        <NumberField label="Weight (kg)" min={0} max={2000} value={weight} onChange={(e) => update({ weight: e.target.value })} />
        <NumberField label="RPE (1–10)" min={1} max={10} value={rpe} onChange={(e) => update({ rpe: e.target.value })} />
        <Button type="submit">Log set</Button>
      </form>
      {!session.ended_at ? <Button variant="primary" onClick={() => save({ ended_at: new Date().toISOString() })}>Finish session</Button> : null}
    </Panel>
  );
}

/** `/workout-session/:id`: a session's sets, logged as you go. */
export function SessionDetail() {
  const { id } = useParams();
  const { record } = useRecord('workout_session', Number(id));
  return <ModelDetailRoute model="workout_session" backHref="/workout-sessions">{record ? <SessionSets session={record} /> : null}</ModelDetailRoute>;
}
