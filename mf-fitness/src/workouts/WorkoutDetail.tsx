import type { FormEvent } from 'react';
import { useNavigate, useParams } from '@lifeboard/shared/lib/router';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { updateRecord } from '@lifeboard/shared/ui/model/record-cache';
import { notify } from '@lifeboard/shared/stores/notifications';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { NumberField, Select } from '@lifeboard/shared/ui/fields';
import { ModelDetailRoute, useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { useFormDraft } from '@lifeboard/shared/stores/use-form-draft';
import { exerciseName } from './exercise-names';

interface Item { exercise_id: number; sets: number; reps: number; weight?: number | null }

/** The exercises of a workout (sets × reps @ weight), editable, and a button that starts a session. */
function WorkoutItems({ workout }: { workout: AnyRecord }) {
  const { items: exercises } = useCollection('exercise');
  const navigate = useNavigate();
  const items: Item[] = Array.isArray(workout.items) ? (workout.items as Item[]) : [];
  // The row being added is a draft until it is saved (architecture.md property 4).
  const [row, update, reset] = useFormDraft(`workout-item:${workout.id}`, { exerciseId: '', sets: '3', reps: '10', weight: '' });
  const { exerciseId, sets, reps, weight } = row;
  const save = (next: Item[]) => void updateRecord('workout', workout.id, { items: next });

  async function handleAdd(event: FormEvent) {
    event.preventDefault();
    if (!exerciseId) return;
    const next = [...items, { exercise_id: Number(exerciseId), sets: Number(sets) || 1, reps: Number(reps) || 0, weight: weight ? Number(weight) : null }];
    const result = await updateRecord('workout', workout.id, { items: next });
    if (result.ok) reset();
    else notify({ kind: 'error', message: `The exercise was not added: ${result.error.message}` });
  }

  async function startSession() {
    const result = await getCollection('workout_session').create({ workout_id: workout.id, started_at: new Date().toISOString(), sets: [] });
    if (result.ok) navigate(`/workout-session/${result.data.id}`);
    else notify({ kind: 'error', message: `The session could not start: ${result.error.message}` });
  }

  return (
    <Panel title="Exercises">
      {items.length ? (
        <ol>{items.map((item, i) => (
          <li key={i} className="lb-row">
            {exerciseName(exercises, item.exercise_id)}: {item.sets} × {item.reps}{item.weight ? ` @ ${item.weight} kg` : ''}
            <Button size="small" variant="danger" onClick={() => save(items.filter((_, j) => j !== i))}>Remove<span className="lb-visually-hidden"> {exerciseName(exercises, item.exercise_id)}</span></Button>
          </li>
        ))}</ol>
      ) : <p>No exercises yet: add the first below.</p>}
      <form className="lb-row" onSubmit={(event) => void handleAdd(event)} aria-label="Add an exercise">
        <Select label="Exercise" value={exerciseId} placeholder="Choose…" options={exercises.filter((e) => e.id > 0).map((e) => ({ value: String(e.id), label: String(e.name) }))} onChange={(e) => update({ exerciseId: e.target.value })} />
        <NumberField label="Sets" min={1} max={100} value={sets} onChange={(e) => update({ sets: e.target.value })} />
        <NumberField label="Reps" min={0} max={1000} value={reps} onChange={(e) => update({ reps: e.target.value })} />
        <NumberField label="Weight (kg)" min={0} max={2000} value={weight} onChange={(e) => update({ weight: e.target.value })} />
        <Button type="submit">Add exercise</Button>
      </form>
      <Button variant="primary" onClick={() => void startSession()}>Start a session</Button>
    </Panel>
  );
}

/** `/workouts/:id` and `/workouts/:id/edit`. */
export function WorkoutDetail({ edit = false }: { edit?: boolean }) {
  const { id } = useParams();
  const { record } = useRecord('workout', Number(id));
  return <ModelDetailRoute model="workout" backHref="/workouts" startEditing={edit}>{record ? <WorkoutItems workout={record} /> : null}</ModelDetailRoute>;
}
