import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createResource, type AnyRecord } from '@lifeboard/shared/api/resource';
import { exerciseLevels } from '@lifeboard/shared/models/exercise-options';
import { Link } from '@lifeboard/shared/lib/router';
import { $board } from '@lifeboard/shared/stores/board';
import { $muscles } from '@lifeboard/shared/stores/data';
import { loadMuscles } from '@lifeboard/shared/stores/data-loaders';
import { Button } from '@lifeboard/shared/ui/Button';
import { Select, TextField } from '@lifeboard/shared/ui/fields';
import { useDebounced } from '@lifeboard/shared/lib/use-debounced';
import { rememberExercises } from '../training/api';
import { BodyMap } from './BodyMap';

const exercises = createResource('exercise');
const equipmentChoices = [
  'barbell',
  'dumbbell',
  'kettlebells',
  'cable',
  'machine',
  'body only',
  'bands',
  'e-z curl bar',
  'medicine ball',
  'exercise ball',
  'foam roll',
  'other',
];
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface ExerciseFilters {
  search: string;
  muscle: string;
  equipment: string;
  level: string;
}

/** Search and filters over the library and your own exercises, the results listed as they arrive. */
export function ExerciseSearch({
  onPick,
  pickLabel,
  linkToPages = false,
}: {
  onPick?: (exercise: AnyRecord) => void;
  pickLabel?: string;
  linkToPages?: boolean;
}) {
  const board = useStore($board);
  const muscles = useStore($muscles);
  const [filters, setFilters] = useState<ExerciseFilters>({ search: '', muscle: '', equipment: '', level: '' });
  const settled = useDebounced(filters, 250);
  const [results, setResults] = useState<AnyRecord[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    void loadMuscles();
  }, []);

  const paramsOf = (f: ExerciseFilters) => ({
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
    ...(f.muscle ? { muscle: Number(f.muscle) } : {}),
    ...(f.equipment ? { equipment: f.equipment } : {}),
    ...(f.level ? { level: f.level } : {}),
    limit: 30,
  });

  useEffect(() => {
    if (!board.id) return;
    let live = true;
    setStatus('loading');
    void exercises.all(board.id, paramsOf(settled)).then((result) => {
      if (!live) return;
      if (!result.ok) {
        setStatus('failed');
        return;
      }
      rememberExercises(result.data.items);
      setResults(result.data.items);
      setCursor(result.data.nextCursor);
      setStatus('ready');
    });
    return () => {
      live = false;
    };
  }, [board.id, settled]);

  async function more() {
    if (!cursor) return;
    const result = await exercises.all(board.id, { ...paramsOf(settled), cursor });
    if (!result.ok) return;
    rememberExercises(result.data.items);
    setResults((shown) => [...shown, ...result.data.items]);
    setCursor(result.data.nextCursor);
  }

  const set = (change: Partial<ExerciseFilters>) => setFilters((f) => ({ ...f, ...change }));
  const muscleNames = (e: AnyRecord) =>
    Array.isArray(e.primary_muscles) ? (e.primary_muscles as string[]).join(', ') : '';
  const chosenMuscle = muscles.find((m) => String(m.id) === filters.muscle);
  return (
    <div className="lb-stack" data-testid="exercise-search">
      <div className="lb-row">
        <TextField
          label="Search exercises"
          type="search"
          value={filters.search}
          placeholder="bench press, curl…"
          onChange={(e) => set({ search: e.target.value })}
        />
        <Select
          label="Muscle"
          value={filters.muscle}
          placeholder="Any muscle"
          options={muscles.map((m) => ({ value: String(m.id), label: m.name }))}
          onChange={(e) => set({ muscle: e.target.value })}
        />
        <Select
          label="Equipment"
          value={filters.equipment}
          placeholder="Any equipment"
          options={equipmentChoices.map((v) => ({ value: v, label: capital(v) }))}
          onChange={(e) => set({ equipment: e.target.value })}
        />
        <Select
          label="Level"
          value={filters.level}
          placeholder="Any level"
          options={exerciseLevels.map((v) => ({ value: v, label: capital(v) }))}
          onChange={(e) => set({ level: e.target.value })}
        />
      </div>
      {chosenMuscle ? (
        <BodyMap
          highlighted={[chosenMuscle.name]}
          caption={`Exercises for the ${chosenMuscle.name.toLowerCase()}`}
          small
        />
      ) : null}
      {status === 'failed' ? (
        <p role="alert">The exercises could not load. Check your connection and change the search to try again.</p>
      ) : null}
      {status === 'ready' && results.length === 0 ? (
        <p>No exercise matches: try fewer words or another filter.</p>
      ) : null}
      <ul className="lb-stack" aria-label="Exercises found" aria-busy={status === 'loading'}>
        {results.map((e) => (
          <li key={e.id} className="lb-row">
            <span>
              {linkToPages ? (
                <Link to={`/exercises/${e.id}`}>{String(e.name)}</Link>
              ) : (
                <strong>{String(e.name)}</strong>
              )}{' '}
              <small>
                {[
                  muscleNames(e),
                  e.equipment ? capital(String(e.equipment)) : '',
                  e.level ? capital(String(e.level)) : '',
                  e.is_builtin ? '' : 'Yours',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </small>
            </span>
            {onPick ? (
              <Button size="small" onClick={() => onPick(e)}>
                {pickLabel ?? 'Add'}
                <span className="lb-visually-hidden"> {String(e.name)}</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {cursor ? <Button onClick={() => void more()}>Show more exercises</Button> : null}
    </div>
  );
}
