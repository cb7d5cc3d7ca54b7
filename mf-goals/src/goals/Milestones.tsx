import { arrayMove } from '@lifeboard/shared/lib/dnd';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { Button } from '@lifeboard/shared/ui/Button';
import { TextField } from '@lifeboard/shared/ui/fields';
import SortableItems from '@lifeboard/shared/ui/SortableItems';
import { localDate } from '@lifeboard/shared/ui/model/local-date';

export interface Milestone {
  title: string;
  due_date?: string | null;
  done_at?: string | null;
}

interface Keyed {
  key: number;
  milestone: Milestone;
}

/** The stored list as the screen holds it: each milestone with a key that follows it when it moves. */
export function milestonesOf(value: unknown): Milestone[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (m): m is Milestone => typeof m === 'object' && m !== null && typeof (m as Milestone).title === 'string',
  );
}

/** "due Tue, Dec 1st 2026", "overdue since …", "done" — a milestone's state in words. */
export function milestoneWhen(milestone: Milestone, today: string): string {
  if (milestone.done_at) return milestone.due_date ? `done · was due ${formatDisplayDay(milestone.due_date)}` : 'done';
  if (!milestone.due_date) return 'no due date';
  if (milestone.due_date < today) return `overdue since ${formatDisplayDay(milestone.due_date)}`;
  if (milestone.due_date === today) return 'due today';
  return `due ${formatDisplayDay(milestone.due_date)}`;
}

/** A milestone's name and due date, as the add form and a row's edit form ask for them. */
function MilestoneInputs({
  label,
  dueLabel,
  title,
  due,
  error,
  onTitle,
  onDue,
}: {
  label: string;
  dueLabel: string;
  title: string;
  due: string;
  error: string;
  onTitle: (title: string) => void;
  onDue: (due: string) => void;
}) {
  return (
    <>
      <TextField label={label} value={title} maxLength={200} onChange={(e) => onTitle(e.target.value)} error={error} />
      <TextField label={dueLabel} type="date" value={due} onChange={(e) => onDue(e.target.value)} />
    </>
  );
}

function MilestoneRow({
  item,
  today,
  onToggle,
  onEdit,
  onRemove,
}: {
  item: Keyed;
  today: string;
  onToggle: () => void;
  onEdit: (m: Milestone) => void;
  onRemove: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(item.milestone.title);
  const [due, setDue] = useState(item.milestone.due_date ?? '');
  const [error, setError] = useState('');
  const m = item.milestone;
  const overdue = !m.done_at && m.due_date && m.due_date < today;

  function save(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setError('Give the milestone a name.');
      return;
    }
    setEditing(false);
    onEdit({ ...m, title: title.trim().slice(0, 200), due_date: due || null });
  }

  return (
    <>
      {editing ? (
        <form className="lb-row lb-milestone__edit" onSubmit={save} aria-label={`Change “${m.title}”`}>
          <MilestoneInputs
            label="Milestone"
            dueLabel="Due on"
            title={title}
            due={due}
            error={error}
            onTitle={(value) => {
              setTitle(value);
              setError('');
            }}
            onDue={setDue}
          />
          <Button type="submit" size="small" variant="primary">
            Save
          </Button>
          <Button
            size="small"
            onClick={() => {
              setEditing(false);
              setTitle(m.title);
              setDue(m.due_date ?? '');
              setError('');
            }}
          >
            Cancel
          </Button>
        </form>
      ) : (
        <>
          <label className="lb-milestone__check">
            <input type="checkbox" checked={Boolean(m.done_at)} onChange={onToggle} />
            <span className="lb-milestone__title">{m.title}</span>
          </label>
          <span className={overdue ? 'lb-milestone__when lb-field__error' : 'lb-milestone__when lb-muted'}>
            {milestoneWhen(m, today)}
          </span>
          <Button size="small" variant="ghost" onClick={() => setEditing(true)} aria-label={`Change “${m.title}”`}>
            Change
          </Button>
          <Button size="small" variant="ghost" onClick={onRemove} aria-label={`Remove “${m.title}”`}>
            Remove
          </Button>
        </>
      )}
    </>
  );
}

/**
 * A goal's milestones, edited in place: tick one off, add one with a due date, change or remove one, and drag
 * (or, with the keyboard: space, arrows, space) to reorder. Every change is saved at once through `onSave`,
 * which resolves to whether the server took it; a refused change is put back.
 */
export function Milestones({
  value,
  onSave,
}: {
  value: Milestone[];
  onSave: (milestones: Milestone[]) => Promise<boolean>;
}) {
  const next = useRef(0);
  const keyed = (list: Milestone[]) => list.map((milestone) => ({ key: ++next.current, milestone }));
  const [items, setItems] = useState<Keyed[]>(() => keyed(value));
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [error, setError] = useState('');
  const today = localDate();
  const shown = JSON.stringify(items.map((i) => i.milestone));
  const incoming = JSON.stringify(value);

  // The server's copy wins when it differs from what is shown (a save elsewhere, an undo).
  useEffect(() => {
    if (incoming !== shown) setItems(keyed(JSON.parse(incoming) as Milestone[]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new stored copy resets the list
  }, [incoming]);

  async function change(after: Keyed[]) {
    const before = items;
    setItems(after);
    if (!(await onSave(after.map((i) => i.milestone)))) setItems(before);
  }

  function add(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setError('Name the milestone first.');
      return;
    }
    if (items.length >= 100) {
      setError('A goal holds at most 100 milestones.');
      return;
    }
    const milestone: Milestone = { title: title.trim().slice(0, 200), ...(due ? { due_date: due } : {}) };
    setTitle('');
    setDue('');
    setError('');
    void change([...items, { key: ++next.current, milestone }]).then(() => undefined);
  }

  function reorder(from: number, to: number) {
    if (from < 0 || to < 0 || from === to) return;
    void change(arrayMove(items, from, to));
  }

  const update = (key: number, milestone: Milestone) =>
    void change(items.map((i) => (i.key === key ? { key, milestone } : i)));
  return (
    <div className="lb-stack">
      {items.length ? (
        <SortableItems
          ids={items.map((i) => String(i.key))}
          labels={items.map((i) => i.milestone.title)}
          onMove={reorder}
          listLabel="Milestones"
          listClassName="lb-milestones"
          itemClassName="lb-milestone"
          itemAttributes={(index): Record<string, string> =>
            items[index].milestone.done_at ? { 'data-done': 'true' } : {}
          }
          render={(index) => {
            const item = items[index];
            return (
              <MilestoneRow
                item={item}
                today={today}
                onToggle={() =>
                  update(item.key, {
                    ...item.milestone,
                    done_at: item.milestone.done_at ? null : new Date().toISOString(),
                  })
                }
                onEdit={(milestone) => update(item.key, milestone)}
                onRemove={() => void change(items.filter((i) => i.key !== item.key))}
              />
            );
          }}
        />
      ) : (
        <p className="lb-muted">No milestones yet. Break the goal into steps you can tick off.</p>
      )}
      <form className="lb-row lb-milestone-add" onSubmit={add} aria-label="Add a milestone">
        <MilestoneInputs
          label="New milestone"
          dueLabel="Due on (optional)"
          title={title}
          due={due}
          error={error}
          onTitle={(value) => {
            setTitle(value);
            setError('');
          }}
          onDue={setDue}
        />
        <Button type="submit">Add milestone</Button>
      </form>
    </div>
  );
}
