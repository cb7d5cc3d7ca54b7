import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from '@lifeboard/shared/lib/router';
import { draftGoal, fetchAiConfigured, type GoalDraft } from '@lifeboard/shared/api/goals';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { $board } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { forgetHabitRows } from '@lifeboard/shared/stores/habits';
import { Skeleton } from '@lifeboard/shared/ui/feedback';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { Select, TextArea, TextField } from '@lifeboard/shared/ui/fields';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { ModelForm } from '@lifeboard/shared/ui/ModelForm';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { useFormDraft } from '@lifeboard/shared/stores/use-form-draft';

/** `/new-goal` and `/new-habit`: the model's form on its own page, opening the new record when saved. */
export function NewRecordPage({
  model,
  title,
  detail,
}: {
  model: 'goal' | 'habit';
  title: string;
  detail: (id: number) => string;
}) {
  const navigate = useNavigate();
  const defaults =
    model === 'habit'
      ? { kind: 'yes_no', frequency_num: 1, frequency_den: 1 }
      : { status: 'active', start_date: localDate() };
  return (
    <section className="lb-stack">
      <PageHeader
        title={title}
        actions={
          model === 'habit' ? (
            <Link to="/how-habits-work">How habits work</Link>
          ) : (
            <Link to="/setting-goals">Guide to setting goals</Link>
          )
        }
      />
      <Panel>
        <ModelForm model={model} defaults={defaults} onSaved={(record) => void navigate(detail(record.id))} />
      </Panel>
    </section>
  );
}

/**
 * `/goals/ai`: with an AI provider set up, the coach drafts a SMART goal with milestones and habits from a wish;
 * the user edits the draft and accepts it as a real goal and habits. Without one it says so, and the guided
 * questions below work either way.
 */
export function GoalCoach() {
  const board = useStore($board);
  const [configured, setConfigured] = useState<boolean | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void fetchAiConfigured().then((answer) => {
      if (live) setConfigured(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="lb-stack">
      <PageHeader
        title="Goal coach"
        description="Turn a wish into a specific, measurable, time-bound goal with milestones and habits."
      />
      {configured === undefined ? (
        <Skeleton lines={2} />
      ) : configured ? (
        <AiDraftPanel board={board.id} />
      ) : (
        <Panel title="The AI coach is not available">
          <p role="status">
            {configured === null
              ? 'Whether an AI provider is set up could not be checked just now. The guided questions below work without one.'
              : 'No AI provider is set up on this Lifeboard, so the coach cannot draft a goal for you. The guided questions below work without one; an administrator can set one up (the AI_BASE_URL, AI_API_KEY and AI_MODELS settings).'}
          </p>
        </Panel>
      )}
      <GuidedGoalForm />
    </section>
  );
}

interface DraftState {
  wish: string;
  draft: GoalDraft | null;
}

/** The rows of a list in a draft (milestones, habits): each row's inputs, a Remove per row and an Add below. */
function DraftRows<T>({
  legend,
  noun,
  items,
  blank,
  onChange,
  children,
}: {
  legend: string;
  noun: string;
  items: T[];
  blank: T;
  onChange: (items: T[]) => void;
  children: (item: T, index: number, change: (patch: Partial<T>) => void) => ReactNode;
}) {
  return (
    <fieldset className="lb-stack">
      <legend>{legend}</legend>
      {items.map((item, i) => (
        <div key={i} className="lb-row">
          {children(item, i, (patch) => onChange(items.map((x, j) => (j === i ? { ...x, ...patch } : x))))}
          <Button
            size="small"
            variant="ghost"
            aria-label={`Remove ${noun} ${i + 1}`}
            onClick={() => onChange(items.filter((_, j) => j !== i))}
          >
            Remove
          </Button>
        </div>
      ))}
      <div>
        <Button size="small" onClick={() => onChange([...items, blank])}>
          Add a {noun}
        </Button>
      </div>
    </fieldset>
  );
}

/** The wish, the model's draft, and the draft as the user edits it (kept across a reload until accepted). */
function AiDraftPanel({ board }: { board: number }) {
  const navigate = useNavigate();
  const [state, update, reset] = useFormDraft<DraftState>('goal-ai-draft', { wish: '', draft: null });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const draft = state.draft;

  async function ask(event: FormEvent) {
    event.preventDefault();
    if (state.wish.trim().length < 3) {
      setError('Say a little more about what you want.');
      return;
    }
    setBusy(true);
    setError('');
    const answer = await draftGoal(board, state.wish.trim());
    setBusy(false);
    if ('error' in answer) setError(answer.error);
    else update({ draft: answer.draft });
  }

  const edit = (change: Partial<GoalDraft>) => {
    if (draft) update({ draft: { ...draft, ...change } });
  };

  async function accept(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    if (!draft.title.trim()) {
      setError('Give the goal a name.');
      return;
    }
    setBusy(true);
    const goal = await getCollection('goal').create({
      title: draft.title.trim().slice(0, 200),
      why: draft.why.slice(0, 5000),
      status: 'active',
      start_date: localDate(),
      target_date: draft.target_date || null,
      milestones: draft.milestones
        .filter((m) => m.title.trim())
        .map((m) => ({ title: m.title.trim().slice(0, 200), ...(m.due_date ? { due_date: m.due_date } : {}) })),
    });
    if (!goal.ok) {
      setBusy(false);
      setError(`The goal was not created: ${goal.error.message}`);
      return;
    }
    const failed: string[] = [];
    for (const habit of draft.habits.filter((h) => h.title.trim())) {
      const made = await getCollection('habit').create({
        title: habit.title.trim().slice(0, 200),
        kind: 'yes_no',
        frequency_num: habit.days === 1 ? 1 : habit.times,
        frequency_den: habit.days,
        goal_id: goal.data.id,
      });
      if (!made.ok) failed.push(habit.title);
    }
    setBusy(false);
    forgetHabitRows();
    reset();
    if (failed.length)
      notify({
        kind: 'error',
        message: `The goal was created, but not these habits: ${failed.join(', ')}. Add them from the goal's page.`,
      });
    void navigate(`/goal/${goal.data.id}`);
  }

  return (
    <Panel title="Ask the AI coach">
      <form className="lb-stack" onSubmit={(e) => void ask(e)} aria-label="Ask the AI coach">
        <TextArea
          label="What do you want?"
          hint="In your own words: “get fit enough to run a half marathon next spring”."
          value={state.wish}
          maxLength={1000}
          onChange={(e) => {
            update({ wish: e.target.value });
            setError('');
          }}
        />
        <div className="lb-row">
          <Button type="submit" busy={busy && !draft} variant={draft ? 'secondary' : 'primary'}>
            {draft ? 'Draft again' : 'Draft my goal'}
          </Button>
        </div>
      </form>
      {error ? (
        <p role="alert" className="lb-field__error">
          {error}
        </p>
      ) : null}
      {draft ? (
        <form className="lb-stack lb-model-form" onSubmit={(e) => void accept(e)} aria-label="The drafted goal">
          <p>Here is a draft. Change anything, then create it: nothing is saved until you do.</p>
          <TextField
            label="Goal"
            value={draft.title}
            maxLength={200}
            onChange={(e) => edit({ title: e.target.value })}
          />
          <TextArea
            label="Why it matters to you"
            value={draft.why}
            maxLength={5000}
            onChange={(e) => edit({ why: e.target.value })}
          />
          <TextField
            label="Done by"
            type="date"
            value={draft.target_date ?? ''}
            onChange={(e) => edit({ target_date: e.target.value || null })}
          />
          <DraftRows
            legend="Milestones"
            noun="milestone"
            items={draft.milestones}
            blank={{ title: '', due_date: null }}
            onChange={(milestones) => edit({ milestones })}
          >
            {(m, i, change) => (
              <>
                <TextField
                  label={`Milestone ${i + 1}`}
                  value={m.title}
                  maxLength={200}
                  onChange={(e) => change({ title: e.target.value })}
                />
                <TextField
                  label="Due on"
                  type="date"
                  value={m.due_date ?? ''}
                  onChange={(e) => change({ due_date: e.target.value || null })}
                />
              </>
            )}
          </DraftRows>
          <DraftRows
            legend="Habits toward it"
            noun="habit"
            items={draft.habits}
            blank={{ title: '', times: 1, days: 1 as const }}
            onChange={(habits) => edit({ habits })}
          >
            {(h, i, change) => (
              <>
                <TextField
                  label={`Habit ${i + 1}`}
                  value={h.title}
                  maxLength={200}
                  onChange={(e) => change({ title: e.target.value })}
                />
                <Select
                  label="How often"
                  value={h.days === 1 ? 'daily' : String(h.times)}
                  onChange={(e) =>
                    change(
                      e.target.value === 'daily'
                        ? { times: 1, days: 1 as const }
                        : { times: Number(e.target.value), days: 7 as const },
                    )
                  }
                  options={[
                    { value: 'daily', label: 'Every day' },
                    ...[1, 2, 3, 4, 5, 6].map((n) => ({
                      value: String(n),
                      label: `${n} time${n === 1 ? '' : 's'} a week`,
                    })),
                  ]}
                />
              </>
            )}
          </DraftRows>
          <div className="lb-row">
            <Button type="submit" variant="primary" busy={busy}>
              Create this goal and its habits
            </Button>
            <Button
              onClick={() => {
                reset();
                setError('');
              }}
            >
              Discard the draft
            </Button>
          </div>
        </form>
      ) : null}
    </Panel>
  );
}

/** The guided questions: a coach's five questions, shaped into a goal with milestones; works without any AI. */
function GuidedGoalForm() {
  const navigate = useNavigate();
  const [answers, update, reset] = useFormDraft('goal-coach', { wish: '', measure: '', why: '', date: '', steps: '' });
  const { wish, measure, why, date, steps } = answers;
  const [busy, setBusy] = useState(false);
  const title = wish.trim() ? `${wish.trim()}${measure.trim() ? ` (${measure.trim()})` : ''}`.slice(0, 200) : '';

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!title) return;
    setBusy(true);
    const milestones = steps
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => ({ title: s.slice(0, 200) }));
    const result = await getCollection('goal').create({
      title,
      why: why.trim(),
      status: 'active',
      start_date: localDate(),
      target_date: date || null,
      milestones,
    });
    setBusy(false);
    if (result.ok) {
      reset();
      void navigate(`/goal/${result.data.id}`);
    } else notify({ kind: 'error', message: `The goal was not created: ${result.error.message}` });
  }

  return (
    <Panel title="Guided questions">
      <form className="lb-stack lb-model-form" onSubmit={(event) => void handleSubmit(event)} aria-label="Goal coach">
        <p>Answer five questions; they are shaped into a specific, measurable, time-bound goal with milestones.</p>
        <TextField
          label="What do you want to achieve?"
          hint="Start with a verb: “Run a half marathon”, “Save for a trip”."
          value={wish}
          maxLength={150}
          onChange={(e) => update({ wish: e.target.value })}
          required
        />
        <TextField
          label="How will you know you got there?"
          hint="A number or a visible result: “21 km under 2:15”."
          value={measure}
          maxLength={45}
          onChange={(e) => update({ measure: e.target.value })}
        />
        <TextArea
          label="Why does it matter to you?"
          value={why}
          maxLength={5000}
          onChange={(e) => update({ why: e.target.value })}
        />
        <TextField
          label="By when?"
          type="date"
          value={date}
          min={localDate()}
          onChange={(e) => update({ date: e.target.value })}
        />
        <TextArea
          label="What are the steps? One per line"
          hint="These become the goal's milestones."
          value={steps}
          onChange={(e) => update({ steps: e.target.value })}
        />
        {title ? (
          <p>
            Your goal: <strong>{title}</strong>
            {date ? `, by ${formatDisplayDay(date)}` : ''}.
          </p>
        ) : null}
        <div className="lb-row">
          <Button type="submit" variant="primary" busy={busy} disabled={!title}>
            Create this goal
          </Button>
        </div>
      </form>
    </Panel>
  );
}
