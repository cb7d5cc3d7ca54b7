import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { occurrenceKeys } from '@lifeboard/shared/lib/occurrence-keys';
import { useNavigate, useParams } from '@lifeboard/shared/lib/router';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { formatWeight, fromKg, suggestedWeight, toKg, type LoggedSet } from '@lifeboard/shared/models/training';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { useFormDraft } from '@lifeboard/shared/stores/use-form-draft';
import { updateRecord } from '@lifeboard/shared/ui/model/record-cache';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { NumberField, Select, TextField } from '@lifeboard/shared/ui/fields';
import { ModelDetailRoute, useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { ExerciseSearch } from '../exercises/ExercisePicker';
import { exerciseHistory, nameOf, useExercises } from '../training/api';
import { sessionTitle } from '../training/titles';
import { $incrementKg, $unit } from '../training/units';
import { UnitChoice } from '../training/UnitChoice';

const SortableItems = lazy(() => import('@lifeboard/shared/ui/SortableItems'));

export interface Item {
  exercise_id: number;
  sets: number;
  reps: number;
  weight?: number | null;
  rpe?: number | null;
  rest_s?: number;
  superset_group?: number | null;
  note?: string;
}

export const DEFAULT_REST_S = 90;
const supersetName = (group: number) => String.fromCharCode(64 + group);

/** "3 × 10 @ 60 kg · RPE 8 · rest 90 s · Superset A". */
export function itemSummary(item: Item, unit: 'kg' | 'lb'): string {
  return [
    `${item.sets} × ${item.reps}${item.weight ? ` @ ${formatWeight(item.weight, unit)}` : ''}`,
    item.rpe ? `RPE ${item.rpe}` : '',
    `rest ${item.rest_s ?? DEFAULT_REST_S} s`,
    item.superset_group ? `Superset ${supersetName(item.superset_group)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The sets a session starts with: the plan's, at last time's weight plus the increment when every set hit its reps (wger). */
export async function plannedSets(items: Item[], incrementKg: number): Promise<LoggedSet[]> {
  const ids = [...new Set(items.map((i) => i.exercise_id))];
  const last = new Map(
    await Promise.all(ids.map(async (id) => [id, (await exerciseHistory(id, 1))?.[0]?.sets ?? []] as const)),
  );
  return items.flatMap((item) => {
    const suggestion = suggestedWeight(last.get(item.exercise_id) ?? [], item.exercise_id, incrementKg);
    const weight = suggestion?.progressed ? suggestion.weight : (item.weight ?? suggestion?.weight ?? null);
    return Array.from({ length: item.sets }, () => ({
      exercise_id: item.exercise_id,
      reps: item.reps,
      weight,
      target_reps: item.reps,
      done: false,
    }));
  });
}

interface ItemDraft {
  sets: string;
  reps: string;
  weight: string;
  rpe: string;
  rest: string;
  superset: string;
  note: string;
}

/** A row's values as typed in its editor. */
export function draftOf(item: Item, unit: 'kg' | 'lb'): ItemDraft {
  return {
    sets: String(item.sets),
    reps: String(item.reps),
    weight: item.weight ? String(fromKg(item.weight, unit)) : '',
    rpe: item.rpe ? String(item.rpe) : '',
    rest: String(item.rest_s ?? DEFAULT_REST_S),
    superset: item.superset_group ? String(item.superset_group) : '',
    note: item.note ?? '',
  };
}

/** A row's editor; what is typed lives in the parent's draft, so it outlives a remount (the list turning sortable) and a reload. */
function ItemEditor({
  item,
  row,
  update,
  unit,
  onSave,
  onCancel,
}: {
  item: Item;
  row: ItemDraft;
  update: (change: Partial<ItemDraft>) => void;
  unit: 'kg' | 'lb';
  onSave: (item: Item) => void;
  onCancel: () => void;
}) {
  function save(event: FormEvent) {
    event.preventDefault();
    onSave({
      ...item,
      sets: Math.max(1, Number(row.sets) || 1),
      reps: Math.max(0, Number(row.reps) || 0),
      weight: row.weight ? toKg(Number(row.weight), unit) : null,
      rpe: row.rpe ? Number(row.rpe) : null,
      rest_s: Math.max(0, Number(row.rest) || 0),
      superset_group: row.superset ? Number(row.superset) : null,
      note: row.note.trim(),
    });
  }
  return (
    <form className="lb-row" onSubmit={save} aria-label="Edit exercise">
      <NumberField label="Sets" min={1} max={100} value={row.sets} onChange={(e) => update({ sets: e.target.value })} />
      <NumberField
        label="Reps"
        min={0}
        max={1000}
        value={row.reps}
        onChange={(e) => update({ reps: e.target.value })}
      />
      <NumberField
        label={`Weight (${unit})`}
        min={0}
        max={unit === 'kg' ? 2000 : 4400}
        step="any"
        value={row.weight}
        onChange={(e) => update({ weight: e.target.value })}
      />
      <NumberField
        label="RPE (1–10)"
        min={1}
        max={10}
        step={0.5}
        value={row.rpe}
        onChange={(e) => update({ rpe: e.target.value })}
      />
      <NumberField
        label="Rest (seconds)"
        min={0}
        max={3600}
        value={row.rest}
        onChange={(e) => update({ rest: e.target.value })}
      />
      <Select
        label="Superset"
        value={row.superset}
        placeholder="None"
        options={[1, 2, 3, 4, 5].map((g) => ({ value: String(g), label: `Superset ${supersetName(g)}` }))}
        onChange={(e) => update({ superset: e.target.value })}
      />
      <TextField label="Note" value={row.note} maxLength={500} onChange={(e) => update({ note: e.target.value })} />
      <Button type="submit" variant="primary">
        Save
      </Button>
      <Button onClick={onCancel}>Cancel</Button>
    </form>
  );
}

/** The exercises of a workout in order: edit, reorder (drag or Move up/down), add from the library, start a session. */
function WorkoutItems({ workout }: { workout: AnyRecord }) {
  const navigate = useNavigate();
  const unit = useStore($unit);
  const items: Item[] = Array.isArray(workout.items) ? (workout.items as Item[]) : [];
  const names = useExercises(items.map((i) => i.exercise_id));
  const [editing, setEditing] = useState<number | null>(null);
  const [editDraft, updateEdit, resetEdit] = useFormDraft<ItemDraft>(
    `workout-item-edit:${workout.id}`,
    draftOf({ exercise_id: 0, sets: 3, reps: 10 }, unit),
  );
  const startEditing = (i: number) => {
    resetEdit();
    updateEdit(draftOf(items[i], unit));
    setEditing(i);
  };
  const [adding, setAdding] = useState(false);
  const [starting, setStarting] = useState(false);

  async function save(next: Item[], failure: string): Promise<boolean> {
    const result = await updateRecord('workout', workout.id, { items: next });
    if (!result.ok) notify({ kind: 'error', message: `${failure}: ${result.error.message}` });
    return result.ok;
  }
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    void save(next, 'The new order was not saved');
  };
  const add = (exercise: AnyRecord) =>
    void save(
      [...items, { exercise_id: exercise.id, sets: 3, reps: 10, weight: null, rest_s: DEFAULT_REST_S }],
      'The exercise was not added',
    ).then((ok) => {
      if (ok) notify({ kind: 'success', message: `${String(exercise.name)} added.` });
    });

  async function startSession() {
    setStarting(true);
    const startedAt = new Date().toISOString();
    const sets = await plannedSets(items, $incrementKg.get());
    const result = await getCollection('workout_session').create({
      title: sessionTitle(String(workout.title ?? ''), startedAt),
      workout_id: workout.id,
      started_at: startedAt,
      sets,
    });
    setStarting(false);
    if (result.ok) void navigate(`/workout-session/${result.data.id}`);
    else notify({ kind: 'error', message: `The session could not start: ${result.error.message}` });
  }

  async function duplicate() {
    const result = await getCollection('workout').create({
      title: `${String(workout.title ?? 'Workout')} (copy)`.slice(0, 200),
      notes: String(workout.notes ?? ''),
      items,
    });
    if (result.ok) void navigate(`/workouts/${result.data.id}`);
    else notify({ kind: 'error', message: `The workout was not copied: ${result.error.message}` });
  }

  const row = (i: number) => {
    const item = items[i];
    const name = nameOf(names, item.exercise_id);
    return (
      <>
        <span data-testid="workout-item">
          <strong>{name}</strong>: {itemSummary(item, unit)}
          {item.note ? ` — ${item.note}` : ''}
        </span>
        <Button size="small" onClick={() => move(i, i - 1)} disabled={i === 0}>
          Move up<span className="lb-visually-hidden"> {name}</span>
        </Button>
        <Button size="small" onClick={() => move(i, i + 1)} disabled={i === items.length - 1}>
          Move down<span className="lb-visually-hidden"> {name}</span>
        </Button>
        <Button size="small" onClick={() => startEditing(i)}>
          Edit<span className="lb-visually-hidden"> {name}</span>
        </Button>
        <Button
          size="small"
          variant="danger"
          onClick={() =>
            void save(
              items.filter((_, j) => j !== i),
              'The exercise was not removed',
            )
          }
        >
          Remove<span className="lb-visually-hidden"> {name}</span>
        </Button>
      </>
    );
  };
  // Keys follow the items through a move: the exercise and its place among the same exercise's rows.
  const ids = occurrenceKeys(items, (item) => String(item.exercise_id));
  // The editor sits below the list, not in its row: the list turns sortable when its code arrives, and a row's
  // field would lose focus mid-typing.
  const editor =
    editing !== null && items[editing] ? (
      <Panel title={`Edit ${nameOf(names, items[editing].exercise_id)}`} level={3}>
        <ItemEditor
          item={items[editing]}
          row={editDraft}
          update={updateEdit}
          unit={unit}
          onCancel={() => {
            resetEdit();
            setEditing(null);
          }}
          onSave={(changed) =>
            void save(
              items.map((x, j) => (j === editing ? changed : x)),
              'The change was not saved',
            ).then((ok) => {
              if (ok) {
                resetEdit();
                setEditing(null);
              }
            })
          }
        />
      </Panel>
    ) : null;
  const plain = (
    <ol className="lb-stack">
      {items.map((_, i) => (
        <li key={ids[i]} className="lb-row">
          {row(i)}
        </li>
      ))}
    </ol>
  );
  return (
    <Panel title="Exercises">
      <UnitChoice withIncrement />
      {items.length ? (
        <Suspense fallback={plain}>
          <SortableItems ids={ids} labels={items.map((i) => nameOf(names, i.exercise_id))} onMove={move} render={row} />
        </Suspense>
      ) : (
        <p>No exercises yet: add the first from the library.</p>
      )}
      {editor}
      <div className="lb-row">
        <Button
          variant="primary"
          busy={starting}
          disabled={items.length === 0 || starting}
          onClick={() => void startSession()}
        >
          Start a session
        </Button>
        <Button aria-expanded={adding} onClick={() => setAdding(!adding)}>
          {adding ? 'Close the library' : 'Add an exercise'}
        </Button>
        <Button onClick={() => void duplicate()}>Duplicate workout</Button>
      </div>
      {adding ? <ExerciseSearch onPick={add} pickLabel="Add" /> : null}
    </Panel>
  );
}

/** `/workouts/:id` and `/workouts/:id/edit`. */
export function WorkoutDetail({ edit = false }: { edit?: boolean }) {
  const { id } = useParams();
  const { record } = useRecord('workout', Number(id));
  return (
    <ModelDetailRoute model="workout" backHref="/workouts" startEditing={edit}>
      {record ? <WorkoutItems workout={record} /> : null}
    </ModelDetailRoute>
  );
}
