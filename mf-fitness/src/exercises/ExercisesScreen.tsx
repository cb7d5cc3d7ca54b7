import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $muscles } from '@lifeboard/shared/stores/data';
import { loadMuscles } from '@lifeboard/shared/stores/data-loaders';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { ModelScreen } from '@lifeboard/shared/ui/ModelScreen';
import { Panel } from '@lifeboard/shared/ui/Panel';

/** `/exercises`: your exercises, and the built-in muscle catalogue grouped by body area with the exercises that train each muscle. */
export function ExercisesScreen() {
  const muscles = useStore($muscles);
  const { items: exercises } = useCollection('exercise');
  useEffect(() => { void loadMuscles(); }, []);
  const groups = new Map<string, typeof muscles>();
  for (const muscle of muscles) groups.set(muscle.group ?? 'Other', [...(groups.get(muscle.group ?? 'Other') ?? []), muscle]);
  const trains = (muscleId: number) => exercises.filter((e) => Array.isArray(e.muscle_ids) && e.muscle_ids.includes(muscleId)).map((e) => e.name);
  return (
    <ModelScreen model="exercise" description="Exercises you use in workouts: equipment and how to do them well.">
      {muscles.length ? (
        <Panel title="Muscles">
          {[...groups].map(([group, list]) => (
            <details key={group}>
              <summary>{group} ({list.length})</summary>
              <ul>{list.map((m) => <li key={m.id}>{m.name}{m.side ? ` (${m.side})` : ''}{trains(m.id).length ? ` — ${trains(m.id).join(', ')}` : ''}</li>)}</ul>
            </details>
          ))}
        </Panel>
      ) : null}
    </ModelScreen>
  );
}
