import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { exerciseLevels } from '@lifeboard/shared/models/exercise-options';
import { useNavigate } from '@lifeboard/shared/lib/router';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { $muscles } from '@lifeboard/shared/stores/data';
import { loadMuscles } from '@lifeboard/shared/stores/data-loaders';
import { useFormDraft } from '@lifeboard/shared/stores/use-form-draft';
import { Button } from '@lifeboard/shared/ui/Button';
import { CheckboxGroup, Select, TextArea, TextField } from '@lifeboard/shared/ui/fields';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { BodyMap } from './BodyMap';
import { ExerciseSearch } from './ExercisePicker';

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A custom exercise: its name, the muscles it trains (picked on a list and shown on the body map), equipment and level. */
function NewExerciseForm({ onDone }: { onDone: () => void }) {
  const muscles = useStore($muscles);
  const navigate = useNavigate();
  const [draft, update, reset] = useFormDraft('exercise-new', {
    name: '',
    muscles: [] as string[],
    others: [] as string[],
    equipment: '',
    level: '',
    instructions: '',
  });
  const [error, setError] = useState('');
  const namesOf = (ids: string[]) => muscles.filter((m) => ids.includes(String(m.id))).map((m) => m.name);
  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft.name.trim()) {
      setError('Give the exercise a name.');
      return;
    }
    const result = await getCollection('exercise').create({
      name: draft.name.trim(),
      muscle_ids: draft.muscles.map(Number),
      secondary_muscle_ids: draft.others.filter((id) => !draft.muscles.includes(id)).map(Number),
      equipment: draft.equipment.trim(),
      instructions: draft.instructions,
      ...(draft.level ? { level: draft.level } : {}),
    });
    if (!result.ok) {
      setError(`The exercise was not saved: ${result.error.message}`);
      return;
    }
    reset();
    onDone();
    void navigate(`/exercises/${result.data.id}`);
  }
  const options = muscles.map((m) => ({ value: String(m.id), label: m.name }));
  return (
    <form className="lb-stack" onSubmit={(e) => void save(e)} aria-label="New exercise">
      <TextField
        label="Name"
        value={draft.name}
        maxLength={120}
        onChange={(e) => update({ name: e.target.value })}
        error={error || undefined}
      />
      <CheckboxGroup
        label="Main muscles"
        options={options}
        value={draft.muscles}
        onChange={(value) => update({ muscles: value })}
      />
      <CheckboxGroup
        label="Other muscles worked"
        options={options}
        value={draft.others}
        onChange={(value) => update({ others: value })}
      />
      <BodyMap highlighted={namesOf(draft.muscles)} secondary={namesOf(draft.others)} small />
      <div className="lb-row">
        <TextField
          label="Equipment"
          value={draft.equipment}
          maxLength={120}
          placeholder="dumbbell, cable…"
          onChange={(e) => update({ equipment: e.target.value })}
        />
        <Select
          label="Level"
          value={draft.level}
          placeholder="Not set"
          options={exerciseLevels.map((v) => ({ value: v, label: capital(v) }))}
          onChange={(e) => update({ level: e.target.value })}
        />
      </div>
      <TextArea
        label="How to do it"
        value={draft.instructions}
        maxLength={5000}
        onChange={(e) => update({ instructions: e.target.value })}
      />
      <div className="lb-row">
        <Button type="submit" variant="primary">
          Save exercise
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

/** `/exercises`: the built-in library (873 exercises) and your own, searched and filtered by muscle, equipment and level. */
export function ExercisesScreen() {
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    void loadMuscles();
  }, []);
  return (
    <section className="lb-stack" data-model="exercise">
      <PageHeader
        title="Exercises"
        description="The exercise library and your own exercises: open one for how to do it, the muscles it trains and your records."
        actions={
          <Button variant="primary" aria-expanded={creating} onClick={() => setCreating(!creating)}>
            {creating ? 'Close form' : 'New exercise'}
          </Button>
        }
      />
      {creating ? (
        <Panel title="New exercise">
          <NewExerciseForm onDone={() => setCreating(false)} />
        </Panel>
      ) : null}
      <Panel title="Find an exercise">
        <ExerciseSearch linkToPages />
      </Panel>
      <p className="lb-muted">The library is the public-domain Free Exercise DB.</p>
    </section>
  );
}
