import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { fetchGoalDetail, type GoalDetail } from '@lifeboard/shared/api/goals';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { Link, useNavigate, useParams } from '@lifeboard/shared/lib/router';
import { describeSchedule } from '@lifeboard/shared/models/habit-schedule';
import { $board } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { $habitCheckInsSaved, $habitRowsShown, forgetHabitRows } from '@lifeboard/shared/stores/habits';
import { notify } from '@lifeboard/shared/stores/notifications';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { deleteWithUndo } from '@lifeboard/shared/ui/delete-with-undo';
import { ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { Select, TextField } from '@lifeboard/shared/ui/fields';
import { HabitDays } from '@lifeboard/shared/ui/HabitDays';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { updateRecord } from '@lifeboard/shared/ui/model/record-cache';
import { ModelForm } from '@lifeboard/shared/ui/ModelForm';
import { useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { Milestones, milestonesOf, type Milestone } from './Milestones';
import '../habits/habits.css';
import './goals.css';

const statusWords: Record<string, string> = {
  active: 'Working on it',
  paused: 'On hold',
  done: 'Reached',
  dropped: 'Let go',
};
const sourceWords: Record<string, string> = {
  milestones: 'Progress comes from the milestones ticked off.',
  target: 'Progress comes from the latest number you log, between the starting number and the target.',
  habits: 'Progress comes from the strength of the habits linked to this goal.',
};

/** `/goal/:id`: the goal, its progress worked out, its milestones, and the habits, projects, activities and journal entries linked to it. */
export function GoalPage() {
  const { id } = useParams();
  const goalId = Number(id);
  if (!Number.isInteger(goalId) || goalId <= 0)
    return <ErrorPanel title="Not found" message={`“${id ?? ''}” is not a goal.`} code="LB-NOT-FOUND" />;
  return <GoalLoader key={goalId} goalId={goalId} />;
}

function GoalLoader({ goalId }: { goalId: number }) {
  const { record, error, reload } = useRecord('goal', goalId);
  const back = <Link to="/my-goals">← All goals</Link>;
  if (error)
    return (
      <div className="lb-stack">
        {back}
        <ErrorPanel
          message={error.status === 404 ? 'This goal does not exist, or is not yours.' : error.message}
          onRetry={reload}
        />
      </div>
    );
  if (!record)
    return (
      <div className="lb-stack">
        {back}
        <Skeleton lines={6} />
      </div>
    );
  return <GoalView goal={record} />;
}

function GoalView({ goal }: { goal: AnyRecord }) {
  const board = useStore($board);
  const navigate = useNavigate();
  const saved = useStore($habitCheckInsSaved);
  const shownRows = useStore($habitRowsShown);
  const [detail, setDetail] = useState<GoalDetail | null | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState(false);
  const source = typeof goal.progress_from === 'string' ? goal.progress_from : 'milestones';

  useEffect(() => {
    let live = true;
    void fetchGoalDetail(board.id, goal.id, localDate()).then((answer) => {
      if (!live) return;
      if ('goal' in answer) {
        // The linked habits' rows join the habit store, so a check-in here updates them at once (HabitDays).
        $habitRowsShown.set({
          ...$habitRowsShown.get(),
          ...Object.fromEntries(answer.habits.map((row) => [row.habit.id, row])),
        });
        setDetail(answer);
      } else setDetail(null);
    });
    return () => {
      live = false;
    };
  }, [board.id, goal.id, goal.updated_at, saved, attempt]);

  /** Saves at once; a refusal says so (`failed`: what was not saved) and the screen shows the stored copy again. */
  async function save(fields: Record<string, unknown>, failed: string): Promise<boolean> {
    const result = await updateRecord('goal', goal.id, fields);
    if (!result.ok) notify({ kind: 'error', message: `${failed}, so the change was undone: ${result.error.message}` });
    return result.ok;
  }

  async function remove() {
    if (await deleteWithUndo('goal', goal)) void navigate('/my-goals');
  }

  const progress = detail?.progress;
  const percent = progress ? progress.percent : Number(goal.progress ?? 0);
  const facts = [
    statusWords[String(goal.status ?? 'active')] ?? '',
    typeof goal.start_date === 'string' ? `started ${formatDisplayDay(goal.start_date)}` : '',
    typeof goal.target_date === 'string' ? `done by ${formatDisplayDay(goal.target_date)}` : 'no date set',
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <section className="lb-stack" data-model="goal">
      <Link to="/my-goals">← All goals</Link>
      <PageHeader
        title={String(goal.title)}
        description={facts}
        actions={
          <>
            <Button aria-expanded={editing} onClick={() => setEditing(!editing)}>
              {editing ? 'Close editor' : 'Edit goal'}
            </Button>
            <Button variant="danger" onClick={() => void remove()}>
              Delete
            </Button>
          </>
        }
      />
      {editing ? (
        <Panel title="Edit goal">
          <ModelForm model="goal" record={goal} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
        </Panel>
      ) : null}
      {typeof goal.why === 'string' && goal.why ? (
        <p>
          <strong>Why it matters:</strong> {goal.why}
        </p>
      ) : null}

      <Panel title="Progress">
        <div className="lb-goal-progress">
          <progress max={100} value={percent} aria-label={`${String(goal.title)}: progress`} />
          <strong>{Math.round(percent)}%</strong>
        </div>
        <p>{progress ? progress.words : ''}</p>
        <form className="lb-row" aria-label="Where progress comes from" onSubmit={(e) => e.preventDefault()}>
          <Select
            label="Progress comes from"
            value={source}
            onChange={(e) => void save({ progress_from: e.target.value }, 'Where progress comes from was not saved')}
            options={[
              { value: 'milestones', label: 'Milestones ticked off' },
              { value: 'target', label: 'A number I log toward a target' },
              { value: 'habits', label: 'The strength of its habits' },
            ]}
          />
        </form>
        <p className="lb-muted">{sourceWords[source]}</p>
      </Panel>

      <Panel title="Milestones">
        <Milestones
          value={milestonesOf(goal.milestones)}
          onSave={(milestones: Milestone[]) => save({ milestones }, 'The milestones were not saved')}
        />
      </Panel>

      {source === 'target' ? (
        <NumberLog goal={goal} onSave={(fields) => save(fields, 'The number was not saved')} />
      ) : null}

      <Panel title="Habits toward this goal">
        {detail === undefined ? (
          <Skeleton lines={2} />
        ) : detail === null ? (
          <ErrorPanel
            message="The habits linked to this goal could not be loaded."
            onRetry={() => setAttempt((n) => n + 1)}
          />
        ) : (
          <>
            {detail.habits.length ? (
              <ul className="lb-habit-list" aria-label="Habits toward this goal">
                {detail.habits.map(({ habit }) => {
                  const row = shownRows[habit.id] ?? detail.habits.find((h) => h.habit.id === habit.id);
                  if (!row) return null;
                  return (
                    <li key={habit.id} className="lb-habit-line" data-habit-id={habit.id}>
                      <span
                        className="lb-habit-line__swatch"
                        style={{
                          background:
                            typeof habit.color === 'string' && habit.color ? habit.color : 'var(--lb-primary)',
                        }}
                        aria-hidden="true"
                      />
                      <div className="lb-habit-line__text">
                        <Link to={`/habits/${habit.id}`} className="lb-habit-line__title">
                          {String(habit.title)}
                        </Link>
                        <span className="lb-muted">
                          {describeSchedule(habit)} · strength {Math.round(row.stats.score * 100)}%
                          {habit.archived_at ? ' · archived, not counted' : ''}
                        </span>
                      </div>
                      <HabitDays row={row} board={board.id} days={1} />
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="lb-muted">No habits work toward this goal yet.</p>
            )}
            <LinkHabit
              goalId={goal.id}
              linked={detail.habits.map((h) => h.habit.id)}
              onLinked={() => setAttempt((n) => n + 1)}
            />
          </>
        )}
      </Panel>

      <Panel title="Projects">
        <LinkedList
          items={detail?.projects}
          empty="No projects are linked to this goal. Pick this goal in a project to link it."
          href={(item) => `/project/${item.id}`}
          describe={(item) => (item.date ? `due ${formatDisplayDay(item.date)}` : '')}
        />
        <Link to="/projects">Go to projects</Link>
      </Panel>
      <Panel title="Activities">
        <LinkedList
          items={detail?.activities}
          empty="No activities are linked to this goal yet."
          href={(item) => `/activity/${item.id}`}
          describe={(item) => (item.date ? formatDisplayDay(item.date) : '')}
        />
      </Panel>
      <Panel title="Journal entries">
        <LinkedList
          items={detail?.journal_entries}
          empty="No journal entries are linked to this goal. In the journal, pick this goal under an entry to link it."
          href={(item) => `/journal?entry=${item.id}`}
          describe={(item) => (item.date ? formatDisplayDay(item.date) : '')}
        />
      </Panel>
    </section>
  );
}

function LinkedList({
  items,
  empty,
  href,
  describe,
}: {
  items: GoalDetail['projects'] | undefined;
  empty: string;
  href: (item: GoalDetail['projects'][number]) => string;
  describe: (item: GoalDetail['projects'][number]) => string;
}) {
  if (items === undefined) return <Skeleton lines={2} />;
  if (!items.length) return <p className="lb-muted">{empty}</p>;
  return (
    <ul>
      {items.map((item) => {
        const words = describe(item);
        return (
          <li key={item.id}>
            <Link to={href(item)}>{item.title || 'Untitled'}</Link>
            {words ? <span className="lb-muted"> · {words}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Links one of the board's habits to this goal (the habit's goal), or opens the habit form. */
function LinkHabit({ goalId, linked, onLinked }: { goalId: number; linked: number[]; onLinked: () => void }) {
  const { items } = useCollection('habit');
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const candidates = items.filter((h) => h.id > 0 && !linked.includes(h.id) && !h.archived_at);

  async function link(event: FormEvent) {
    event.preventDefault();
    if (!choice) return;
    setBusy(true);
    const result = await getCollection('habit').update(Number(choice), { goal_id: goalId });
    setBusy(false);
    if (!result.ok) {
      notify({ kind: 'error', message: `The habit was not linked: ${result.error.message}` });
      return;
    }
    setChoice('');
    forgetHabitRows();
    onLinked();
  }

  return (
    <form className="lb-row" onSubmit={(e) => void link(e)} aria-label="Link a habit to this goal">
      {candidates.length ? (
        <>
          <Select
            label="Link a habit"
            value={choice}
            placeholder="Choose a habit"
            onChange={(e) => setChoice(e.target.value)}
            options={candidates.map((h) => ({
              value: String(h.id),
              label: `${String(h.title)} (${describeSchedule(h)})`,
            }))}
          />
          <Button type="submit" busy={busy} disabled={!choice}>
            Link habit
          </Button>
        </>
      ) : null}
      <Link to="/new-habit">New habit</Link>
    </form>
  );
}

interface LogItem {
  date: string;
  value: number;
  note?: string;
}

/** For a goal measured by a number: the target, and the numbers logged toward it (each "where I am now"). */
function NumberLog({
  goal,
  onSave,
}: {
  goal: AnyRecord;
  onSave: (fields: Record<string, unknown>) => Promise<boolean>;
}) {
  const log: LogItem[] = Array.isArray(goal.log) ? (goal.log as LogItem[]) : [];
  const unit = typeof goal.unit === 'string' ? goal.unit : '';
  const [date, setDate] = useState(localDate());
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const hasTarget = typeof goal.target_value === 'number';

  async function add(event: FormEvent) {
    event.preventDefault();
    const number = Number(value.replace(',', '.'));
    if (!value.trim() || !Number.isFinite(number)) {
      setError('Enter a number, e.g. 12 or 80.5.');
      return;
    }
    if (!date) {
      setError('Choose the day.');
      return;
    }
    setBusy(true);
    const ok = await onSave({ log: [...log, { date, value: number }].slice(-1000) });
    setBusy(false);
    if (ok) {
      setValue('');
      setError('');
    }
  }

  const sorted = log
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.date.localeCompare(a.item.date) || b.index - a.index);
  return (
    <Panel title="Numbers logged">
      {hasTarget ? (
        <p>
          From {typeof goal.start_value === 'number' ? goal.start_value : 0}
          {unit ? ` ${unit}` : ''} to {String(goal.target_value)}
          {unit ? ` ${unit}` : ''}.
        </p>
      ) : (
        <p>Set a target number with “Edit goal” to see progress toward it.</p>
      )}
      <form className="lb-row" onSubmit={(e) => void add(e)} aria-label="Log a number">
        <TextField
          label={`Where you are now${unit ? ` (${unit})` : ''}`}
          inputMode="decimal"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError('');
          }}
          error={error}
        />
        <TextField label="On" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <Button type="submit" busy={busy}>
          Log it
        </Button>
      </form>
      {sorted.length ? (
        <ul aria-label="Logged numbers">
          {sorted.slice(0, 20).map(({ item, index }) => (
            <li key={`${item.date}-${index}`}>
              {formatDisplayDay(item.date)}:{' '}
              <strong>
                {item.value}
                {unit ? ` ${unit}` : ''}
              </strong>{' '}
              <Button
                size="small"
                variant="ghost"
                aria-label={`Remove ${item.value} of ${formatDisplayDay(item.date)}`}
                onClick={() => void onSave({ log: log.filter((_, i) => i !== index) })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="lb-muted">Nothing logged yet.</p>
      )}
    </Panel>
  );
}
