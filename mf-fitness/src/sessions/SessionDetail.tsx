import { useStore } from '@nanostores/react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import { createResource, type AnyRecord } from '@lifeboard/shared/api/resource';
import {
  e1rm,
  exerciseRecords,
  formatWeight,
  fromKg,
  recordLabels,
  toKg,
  volume,
  type ExerciseRecords,
  type LoggedSet,
  type RecordKind,
} from '@lifeboard/shared/models/training';
import { $board } from '@lifeboard/shared/stores/board';
import { notify } from '@lifeboard/shared/stores/notifications';
import { useFormDraft } from '@lifeboard/shared/stores/use-form-draft';
import { updateRecord } from '@lifeboard/shared/ui/model/record-cache';
import { Button } from '@lifeboard/shared/ui/Button';
import { NumberField } from '@lifeboard/shared/ui/fields';
import { ModelDetailRoute, useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { BodyMap } from '../exercises/BodyMap';
import { ExerciseSearch } from '../exercises/ExercisePicker';
import { recordText } from '../exercises/ExerciseDetail';
import { exerciseHistory, nameOf, useExercises, type PastSession } from '../training/api';
import { dayLabel, durationLabel, sessionTitle } from '../training/titles';
import { $unit } from '../training/units';
import { UnitChoice } from '../training/UnitChoice';
import { DEFAULT_REST_S, type Item } from '../workouts/WorkoutDetail';
import { RestTimer } from './RestTimer';
import './sessions.css';

type PerformedSet = LoggedSet & { rpe?: number | null };

/** "60 kg × 8", "bodyweight × 12". */
export const setText = (s: LoggedSet, unit: 'kg' | 'lb') =>
  `${s.weight ? formatWeight(s.weight, unit) : 'bodyweight'} × ${s.reps}`;

/** The records a done set beats, against the records before this session (none before: nothing to beat). */
export function setRecords(set: LoggedSet, before: ExerciseRecords): RecordKind[] {
  if (set.done === false || set.reps <= 0 || before.max_reps === null) return [];
  const broken: RecordKind[] = [];
  const weight = set.weight ?? 0;
  if (weight > 0 && before.max_weight !== null && weight > before.max_weight) broken.push('max_weight');
  if (weight > 0 && before.best_e1rm !== null && e1rm(weight, set.reps) > before.best_e1rm) broken.push('best_e1rm');
  if (set.reps > before.max_reps) broken.push('max_reps');
  return broken;
}

interface Edit {
  reps: string;
  weight: string;
}
const workouts = createResource('workout');

interface SetRowProps {
  index: number;
  /** The set's place among its exercise's sets, from 1. */
  n: number;
  set: PerformedSet;
  name: string;
  unit: 'kg' | 'lb';
  reps: string;
  weight: string;
  /** The same set of this exercise last session, done; null when there was none. */
  previous: LoggedSet | null;
  records: string;
  actions: SetActions;
}
interface SetActions {
  type(index: number, field: keyof Edit, value: string): void;
  copy(index: number, previous: LoggedSet): void;
  saveTyped(index: number): void;
  tick(index: number, done: boolean): void;
  remove(index: number): void;
}

/**
 * One set's row: its number, last session's same set (a tap copies it in), weight, reps, done. Memoised, with actions
 * that keep their identity: ticking a set re-renders that set's row (and the rest timer), not every row of the
 * session, so the tap paints within a frame.
 */
const SetRow = memo(function SetRow({
  index,
  n,
  set,
  name,
  unit,
  reps,
  weight,
  previous,
  records,
  actions,
}: SetRowProps) {
  const label = `set ${n} of ${name}`;
  const done = set.done !== false;
  return (
    <tr data-testid="session-set" data-done={done} className={done ? 'is-done' : undefined}>
      <td>
        {n}
        {set.target_reps ? <small className="lb-muted"> / {set.target_reps}</small> : null}
      </td>
      <td data-testid="previous-set">
        {previous ? (
          <button type="button" className="lb-set-table__previous" onClick={() => actions.copy(index, previous)}>
            {setText(previous, unit)}
            <span className="lb-visually-hidden"> (copy into {label})</span>
          </button>
        ) : (
          <span className="lb-muted" title={`No set ${n} last time`}>
            –
          </span>
        )}
      </td>
      <td>
        <NumberField
          label={<span className="lb-visually-hidden">{`Weight (${unit}), ${label}`}</span>}
          min={0}
          step="any"
          inputMode="decimal"
          value={weight}
          onChange={(e) => actions.type(index, 'weight', e.target.value)}
          onBlur={() => actions.saveTyped(index)}
        />
      </td>
      <td>
        <NumberField
          label={<span className="lb-visually-hidden">{`Reps, ${label}`}</span>}
          min={0}
          max={1000}
          inputMode="numeric"
          value={reps}
          onChange={(e) => actions.type(index, 'reps', e.target.value)}
          onBlur={() => actions.saveTyped(index)}
        />
      </td>
      <td>
        <Button
          size="small"
          variant={done ? 'secondary' : 'primary'}
          aria-pressed={done}
          onClick={() => actions.tick(index, !done)}
        >
          {done ? 'Undo' : 'Done'}
          <span className="lb-visually-hidden"> {label}</span>
        </Button>
        {records ? (
          <strong className="lb-badge" data-testid="pr-badge" title={records}>
            PR: {records}
          </strong>
        ) : null}
      </td>
      <td>
        <Button size="small" variant="ghost" onClick={() => actions.remove(index)} title={`Remove ${label}`}>
          <span aria-hidden="true">✕</span>
          <span className="lb-visually-hidden">Remove {label}</span>
        </Button>
      </td>
    </tr>
  );
});

function SessionSets({ session, workout }: { session: AnyRecord; workout: AnyRecord | null }) {
  const unit = useStore($unit);
  const sets: PerformedSet[] = Array.isArray(session.sets) ? (session.sets as PerformedSet[]) : [];
  const order = [...new Set(sets.map((s) => s.exercise_id))];
  const exercises = useExercises(order);
  // What is typed in a set's boxes is a draft until that set is saved (survives a reload or a failed save).
  const [edits, updateEdits, resetEdits] = useFormDraft<Record<string, Edit>>(`session-sets:${session.id}`, {});
  const [restDraft, updateRest] = useFormDraft(`session-rest:${session.id}`, { endsAt: 0 });
  const [histories, setHistories] = useState<Record<number, PastSession[]>>({});
  const plan: Item[] = Array.isArray(workout?.items) ? (workout.items as Item[]) : [];
  const [adding, setAdding] = useState(false);
  const finished = typeof session.ended_at === 'string' && session.ended_at !== '';

  const orderKey = order.join(',');
  const requested = useRef(new Set<number>());
  useEffect(() => {
    const missing = (orderKey ? orderKey.split(',').map(Number) : []).filter((id) => !requested.current.has(id));
    if (missing.length === 0) return;
    for (const id of missing) requested.current.add(id);
    void Promise.all(
      missing.map(async (id) => [id, ((await exerciseHistory(id)) ?? []).filter((s) => s.id !== session.id)] as const),
    ).then((found) => setHistories((known) => ({ ...known, ...Object.fromEntries(found) })));
  }, [orderKey, session.id]);

  const before = useMemo(
    () =>
      Object.fromEntries(
        (orderKey ? orderKey.split(',').map(Number) : []).map((id) => [
          id,
          exerciseRecords(
            (histories[id] ?? []).map((s) => s.sets),
            id,
          ),
        ]),
      ) as Record<number, ExerciseRecords>,
    [histories, orderKey],
  );
  const restOf = (exerciseId: number) => plan.find((i) => i.exercise_id === exerciseId)?.rest_s ?? DEFAULT_REST_S;

  async function save(next: PerformedSet[], failure: string): Promise<boolean> {
    const result = await updateRecord('workout_session', session.id, { sets: next });
    if (!result.ok)
      notify({ kind: 'error', message: `${failure}: ${result.error.message}. What you typed is kept; try again.` });
    return result.ok;
  }
  const valueOf = (i: number): { reps: number; weight: number | null; error?: string } => {
    const edit = edits[i];
    if (!edit) return { reps: sets[i].reps, weight: sets[i].weight ?? null };
    const reps = Number(edit.reps);
    const typed = edit.weight.trim() === '' ? null : Number(edit.weight);
    if (!Number.isInteger(reps) || reps < 0 || reps > 1000)
      return { reps: 0, weight: null, error: 'Reps must be a whole number from 0 to 1000.' };
    if (typed !== null && (!Number.isFinite(typed) || typed < 0))
      return { reps: 0, weight: null, error: 'The weight must be a number of at least 0.' };
    const weight = typed === null ? null : toKg(typed, unit);
    if (weight !== null && weight > 2000)
      return { reps: 0, weight: null, error: 'The weight must be at most 2000 kg.' };
    return { reps, weight };
  };
  const withoutEdit = (i: number) => Object.fromEntries(Object.entries(edits).filter(([key]) => Number(key) !== i));

  async function tick(i: number, done: boolean) {
    const value = valueOf(i);
    if (value.error) {
      notify({ kind: 'error', message: value.error });
      return;
    }
    const next = sets.map((s, j) => (j === i ? { ...s, reps: value.reps, weight: value.weight, done } : s));
    // The rest starts with the tick, in the same frame; a refused save takes it back.
    const restBefore = restDraft.endsAt;
    const rests = done && !finished;
    if (rests) updateRest({ endsAt: Date.now() + restOf(sets[i].exercise_id) * 1000 });
    if (await save(next, 'The set was not saved')) {
      if (edits[i]) {
        resetEdits();
        updateEdits(withoutEdit(i));
      }
    } else if (rests) updateRest({ endsAt: restBefore });
  }
  async function saveTyped(i: number) {
    const value = valueOf(i);
    if (!edits[i] || value.error || sets[i].done === false) return;
    if (
      await save(
        sets.map((s, j) => (j === i ? { ...s, reps: value.reps, weight: value.weight } : s)),
        'The change was not saved',
      )
    ) {
      resetEdits();
      updateEdits(withoutEdit(i));
    }
  }
  function addSet(exerciseId: number) {
    const last = [...sets].reverse().find((s) => s.exercise_id === exerciseId);
    void save(
      [
        ...sets,
        {
          exercise_id: exerciseId,
          reps: last?.reps ?? 10,
          weight: last?.weight ?? null,
          target_reps: last?.target_reps ?? null,
          done: false,
        },
      ],
      'The set was not added',
    );
  }
  /** Last session's same set, tapped: its weight and reps go into the row (and are saved when the set is done). */
  async function copyPrevious(i: number, previous: LoggedSet) {
    updateEdits({
      [i]: {
        reps: String(previous.reps),
        weight: previous.weight == null ? '' : String(fromKg(previous.weight, unit)),
      },
    });
    if (sets[i].done === false) return;
    const next = sets.map((s, j) => (j === i ? { ...s, reps: previous.reps, weight: previous.weight ?? null } : s));
    if (await save(next, 'The copied set was not saved')) {
      resetEdits();
      updateEdits(withoutEdit(i));
    }
  }
  async function removeSet(i: number) {
    if (
      await save(
        sets.filter((_, j) => j !== i),
        'The set was not removed',
      )
    ) {
      // Typed values follow their sets to their new places.
      resetEdits();
      updateEdits(
        Object.fromEntries(
          Object.entries(edits)
            .filter(([key]) => Number(key) !== i)
            .map(([key, edit]) => [Number(key) > i ? Number(key) - 1 : Number(key), edit]),
        ),
      );
    }
  }
  // The lines' actions keep their identity across renders (SetRow is memoised) and call this render's functions.
  const latest = useRef({ tick, saveTyped, removeSet, copyPrevious, edits, sets });
  latest.current = { tick, saveTyped, removeSet, copyPrevious, edits, sets };
  const type = useCallback(
    (i: number, field: keyof Edit, value: string) => {
      const { edits: typed, sets: now } = latest.current;
      const edit = typed[i] ?? {
        reps: String(now[i].reps),
        weight: now[i].weight == null ? '' : String(fromKg(now[i].weight, $unit.get())),
      };
      updateEdits({ [i]: { ...edit, [field]: value } });
    },
    [updateEdits],
  );
  const actions = useMemo<SetActions>(
    () => ({
      type,
      copy: (i, previous) => void latest.current.copyPrevious(i, previous),
      saveTyped: (i) => void latest.current.saveTyped(i),
      tick: (i, done) => void latest.current.tick(i, done),
      remove: (i) => void latest.current.removeSet(i),
    }),
    [type],
  );

  const finish = async () => {
    const result = await updateRecord('workout_session', session.id, { ended_at: new Date().toISOString() });
    if (!result.ok) notify({ kind: 'error', message: `The session was not finished: ${result.error.message}` });
    else updateRest({ endsAt: 0 });
  };

  const summary = finished
    ? (() => {
        const broken = order.flatMap((id) => {
          const after = exerciseRecords([...(histories[id] ?? []).map((s) => s.sets), sets], id);
          const old = before[id];
          return old && old.max_reps !== null
            ? (Object.keys(recordLabels) as RecordKind[])
                .filter((k) => after[k] !== null && old[k] !== null && after[k] > old[k])
                .map((k) => `${nameOf(exercises, id)}: ${recordLabels[k]} ${recordText(k, after[k] as number, unit)}`)
            : [];
        });
        const worked = order.filter((id) => sets.some((s) => s.exercise_id === id && s.done !== false && s.reps > 0));
        const primary = [
          ...new Set(worked.flatMap((id) => (exercises.get(id)?.primary_muscles as string[] | undefined) ?? [])),
        ];
        const secondary = [
          ...new Set(worked.flatMap((id) => (exercises.get(id)?.secondary_muscles as string[] | undefined) ?? [])),
        ];
        const duration = Date.parse(String(session.ended_at)) - Date.parse(String(session.started_at));
        // A first session has no records to break: saying "none" would only discourage.
        const hadRecords = order.some((id) => before[id]?.max_reps != null);
        return (
          <Panel title="Summary" data-testid="session-summary">
            <ul>
              <li>Duration: {durationLabel(duration)}</li>
              <li>Volume: {formatWeight(volume(sets), unit)}</li>
              <li>
                Sets done: {sets.filter((s) => s.done !== false).length} of {sets.length}
              </li>
              {hadRecords ? <li>Records broken: {broken.length ? broken.join('; ') : 'none this time'}</li> : null}
            </ul>
            <BodyMap highlighted={primary} secondary={secondary} />
          </Panel>
        );
      })()
    : null;

  return (
    <>
      {summary}
      {restDraft.endsAt > 0 && !finished ? (
        <RestTimer endsAt={restDraft.endsAt} onChange={(endsAt) => updateRest({ endsAt: endsAt ?? 0 })} />
      ) : null}
      <UnitChoice />
      {order.map((exerciseId) => {
        const name = nameOf(exercises, exerciseId);
        const last = (histories[exerciseId] ?? [])[0]?.sets.filter((s) => s.done !== false) ?? [];
        let index = 0;
        return (
          <Panel key={exerciseId} title={name} data-testid="session-exercise">
            <p>
              <Link to={`/exercises/${exerciseId}`}>How to do it</Link>
              {histories[exerciseId]?.[0]
                ? ` · Last time (${dayLabel(histories[exerciseId][0].started_at)}): ${last.map((s) => setText(s, unit)).join(', ') || 'no sets done'}`
                : ' · First time: no numbers to beat yet'}
            </p>
            <table className="lb-set-table">
              <thead>
                <tr>
                  <th scope="col">Set</th>
                  <th scope="col">Previous</th>
                  <th scope="col">{unit}</th>
                  <th scope="col">Reps</th>
                  <th scope="col">
                    <span className="lb-visually-hidden">Done</span>
                  </th>
                  <th scope="col">
                    <span className="lb-visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sets.map((s, i) => {
                  if (s.exercise_id !== exerciseId) return null;
                  const n = index++;
                  const edit = edits[i];
                  const records = setRecords(s, before[exerciseId] ?? exerciseRecords([], exerciseId))
                    .map((k) => recordLabels[k])
                    .join(', ');
                  return (
                    <SetRow
                      key={i}
                      index={i}
                      n={n + 1}
                      set={s}
                      name={name}
                      unit={unit}
                      actions={actions}
                      records={records}
                      reps={edit ? edit.reps : String(s.reps)}
                      weight={edit ? edit.weight : s.weight == null ? '' : String(fromKg(s.weight, unit))}
                      previous={last[n] ?? null}
                    />
                  );
                })}
              </tbody>
            </table>
            <Button size="small" onClick={() => addSet(exerciseId)}>
              Add a set<span className="lb-visually-hidden"> of {name}</span>
            </Button>
          </Panel>
        );
      })}
      {order.length === 0 ? <p>No exercises in this session yet: add one below.</p> : null}
      <div className="lb-row">
        <Button aria-expanded={adding} onClick={() => setAdding(!adding)}>
          {adding ? 'Close the library' : 'Add an exercise'}
        </Button>
        {!finished ? (
          <Button variant="primary" onClick={() => void finish()}>
            Finish session
          </Button>
        ) : null}
      </div>
      {adding ? (
        <ExerciseSearch
          pickLabel="Add"
          onPick={(e) => {
            void save(
              [...sets, { exercise_id: e.id, reps: 10, weight: null, done: false }],
              'The exercise was not added',
            );
            setAdding(false);
          }}
        />
      ) : null}
      {!finished ? <div className="lb-rest-timer-room" aria-hidden="true" /> : null}
    </>
  );
}

/** `/workout-session/:id`: the live session, set by set, and its summary once finished. */
export function SessionDetail() {
  const { id } = useParams();
  const { record } = useRecord('workout_session', Number(id));
  const board = useStore($board);
  const workoutId = typeof record?.workout_id === 'number' ? record.workout_id : null;
  const [workout, setWorkout] = useState<AnyRecord | null>(null);
  useEffect(() => {
    if (workoutId === null || !board.id) return;
    let live = true;
    void workouts.get(board.id, workoutId).then((result) => {
      if (live && result.ok) setWorkout(result.data);
    });
    return () => {
      live = false;
    };
  }, [workoutId, board.id]);
  const workoutName = typeof workout?.title === 'string' && workout.title.trim() ? workout.title.trim() : undefined;
  const ownTitle = typeof record?.title === 'string' && record.title.trim() !== '';
  return (
    <ModelDetailRoute
      model="workout_session"
      backHref="/workout-sessions"
      // Named by its workout ("Push day · Tue, Nov 25"), never by a number, when it has no title of its own.
      title={record && !ownTitle ? sessionTitle(workoutName, String(record.started_at)) : undefined}
      fieldText={
        workoutId !== null
          ? { workout_id: <Link to={`/workouts/${workoutId}`}>{workoutName ?? 'The workout'}</Link> }
          : undefined
      }
    >
      {record ? <SessionSets session={record} workout={workout} /> : null}
    </ModelDetailRoute>
  );
}
