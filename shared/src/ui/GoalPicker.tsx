import type { AnyRecord } from '../api/resource';
import { formatDisplayDay } from '../lib/date-display';
import { useCollection } from '../stores/use-collection';
import { Select } from './fields';

const statusWords: Record<string, string> = { paused: 'on hold', done: 'reached', dropped: 'let go' };

/** How a goal reads in a picker: its title, and when it is due or where it stands. */
export function goalChoiceLabel(goal: AnyRecord): string {
  const title = String(goal.title ?? 'Untitled goal');
  const status = typeof goal.status === 'string' ? statusWords[goal.status] : undefined;
  if (status) return `${title} (${status})`;
  const due = typeof goal.target_date === 'string' ? formatDisplayDay(goal.target_date) : '';
  return due ? `${title}, by ${due}` : title;
}

/** Goals being worked on first (soonest due first), then the rest; the picked one is always listed. */
export function goalChoices(goals: AnyRecord[]): { value: string; label: string }[] {
  const active = (g: AnyRecord) => !g.status || g.status === 'active';
  const sorted = goals
    .filter((g) => g.id > 0)
    .sort((a, b) => {
      if (active(a) !== active(b)) return active(a) ? -1 : 1;
      return (
        String(a.target_date ?? '9999').localeCompare(String(b.target_date ?? '9999')) ||
        String(a.title).localeCompare(String(b.title))
      );
    });
  return sorted.map((g) => ({ value: String(g.id), label: goalChoiceLabel(g) }));
}

export interface GoalPickerProps {
  label?: string;
  hint?: string;
  error?: string | string[];
  /** The linked goal's id, or null for none. */
  value: number | null;
  onChange: (goalId: number | null) => void;
  onBlur?: () => void;
}

/** Picks the goal a habit, project or journal entry works toward, by name and due date; "No goal" unlinks. */
export function GoalPicker({ label = 'Works toward the goal', hint, error, value, onChange, onBlur }: GoalPickerProps) {
  const { items, status } = useCollection('goal');
  const options = goalChoices(items);
  if (value !== null && !options.some((o) => o.value === String(value))) {
    options.push({
      value: String(value),
      label: status === 'loading' ? 'Loading the goal…' : 'A goal not on this board',
    });
  }
  return (
    <Select
      label={label}
      hint={hint ?? (options.length ? undefined : 'You have no goals yet: set one under Goals, then link it here.')}
      error={error}
      value={value === null ? '' : String(value)}
      placeholder="No goal"
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      options={options}
    />
  );
}
