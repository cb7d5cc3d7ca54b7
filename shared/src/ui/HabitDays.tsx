import { useState, type FormEvent } from 'react';
import type { CheckInValue, HabitDay, HabitRow } from '../api/habits';
import { nextTapValue, setCheckIn } from '../stores/habits';
import { Button } from './Button';
import { readableTextOn } from '../lib/contrast';
import './tokens.css';
import './habits.css';

const stateWords: Record<HabitDay['state'], string> = {
  done: 'done',
  skipped: 'skipped',
  paused: 'paused',
  off: 'not scheduled',
  missed: 'not done',
  none: 'not checked in',
};

function dayLabel(iso: string): { weekday: string; day: number; long: string } {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(y, m - 1, d);
  return {
    weekday: date.toLocaleDateString('en', { weekday: 'short' }),
    day: d,
    long: date.toLocaleDateString('en', { weekday: 'long', day: 'numeric', month: 'long' }),
  };
}

function mark(day: HabitDay): string {
  if (typeof day.value === 'number') return String(day.value);
  if (day.state === 'done') return '✓';
  if (day.state === 'skipped') return '–';
  if (day.state === 'paused') return '⏸';
  if (day.state === 'missed') return '✗';
  return '';
}

function describe(day: HabitDay, unit: string): string {
  const amount = typeof day.value === 'number' ? `, ${day.value}${unit ? ` ${unit}` : ''}` : '';
  return `${dayLabel(day.date).long}: ${stateWords[day.state]}${amount}${day.note ? `, note: ${day.note}` : ''}`;
}

/**
 * The last days of a habit as buttons, oldest first (the home page passes only today). A yes/no habit cycles
 * done → skipped → nothing with one tap; a habit counted in amounts opens an amount input. Saved at once,
 * undone with a message if the server refuses.
 */
export function HabitDays({ row, board, days = 7 }: { row: HabitRow; board: number; days?: number }) {
  const { habit, stats } = row;
  const numeric = habit.kind === 'at_least' || habit.kind === 'at_most';
  const unit = typeof habit.unit === 'string' ? habit.unit : '';
  const [editing, setEditing] = useState<string | null>(null);
  const shown = stats.last7.slice(-days);
  const colour = typeof habit.color === 'string' && habit.color ? habit.color : undefined;

  function tap(day: HabitDay) {
    if (numeric) {
      setEditing(editing === day.date ? null : day.date);
      return;
    }
    void setCheckIn(
      board,
      habit.id,
      day.date,
      nextTapValue(day.value === 'yes' || day.value === 'skip' ? day.value : null),
    );
  }

  const editingDay = shown.find((day) => day.date === editing);
  return (
    <div className="lb-stack">
      <div
        className="lb-habit-days"
        role="group"
        aria-label={`${String(habit.title)}: ${days === 1 ? 'today' : `the last ${days} days`}`}
        style={
          colour
            ? ({ '--lb-habit-colour': colour, '--lb-habit-on': readableTextOn(colour) ?? '#ffffff' } as Record<
                string,
                string
              >)
            : undefined
        }
      >
        {shown.map((day) => {
          const label = dayLabel(day.date);
          const upcoming = nextTapValue(day.value === 'yes' || day.value === 'skip' ? day.value : null);
          const next = numeric
            ? 'enter an amount'
            : `tap for ${upcoming === 'yes' ? 'done' : upcoming === 'skip' ? 'skipped' : 'nothing'}`;
          return (
            <button
              key={day.date}
              type="button"
              className="lb-habit-day"
              data-state={day.state}
              data-date={day.date}
              // Starts with the words on the button (day, and an amount), so a voice command that says them finds it.
              aria-label={`${days === 1 ? 'Today' : `${label.weekday} ${label.day}`}${typeof day.value === 'number' ? ` ${day.value}` : ''}, ${describe(day, unit)}; ${next}`}
              aria-pressed={numeric ? undefined : day.state === 'done'}
              aria-expanded={numeric ? editing === day.date : undefined}
              onClick={() => tap(day)}
            >
              <span className="lb-habit-day__label">{days === 1 ? 'Today' : `${label.weekday} ${label.day}`}</span>{' '}
              <span className="lb-habit-day__mark" aria-hidden="true">
                {mark(day)}
              </span>
            </button>
          );
        })}
      </div>
      {numeric && editingDay ? (
        <AmountInput
          key={editingDay.date}
          day={editingDay}
          unit={unit}
          title={String(habit.title)}
          onClose={() => setEditing(null)}
          onSave={(value, note) => {
            setEditing(null);
            void setCheckIn(board, habit.id, editingDay.date, value, note);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Checks a habit in on any day (a habit's history): done, skipped or cleared for a yes/no habit, an amount for
 * one counted in amounts. Saved through the same store as the list, so every screen shows it.
 */
export function DayCheckIn({
  habit,
  board,
  day,
  onClose,
}: {
  habit: HabitRow['habit'];
  board: number;
  day: HabitDay;
  onClose: () => void;
}) {
  const title = String(habit.title);
  const save = (value: CheckInValue | null, note?: string) => {
    onClose();
    void setCheckIn(board, habit.id, day.date, value, note);
  };
  if (habit.kind === 'at_least' || habit.kind === 'at_most')
    return (
      <AmountInput
        key={day.date}
        day={day}
        unit={typeof habit.unit === 'string' ? habit.unit : ''}
        title={title}
        onClose={onClose}
        onSave={save}
      />
    );
  const label = dayLabel(day.date).long;
  return (
    <div className="lb-habit-amount" role="group" aria-label={`${title} on ${label}`}>
      <span>
        {label}: {stateWords[day.state]}
      </span>
      <Button size="small" variant="primary" onClick={() => save('yes')} disabled={day.value === 'yes'}>
        Done
      </Button>
      <Button size="small" onClick={() => save('skip')} disabled={day.value === 'skip'}>
        Skipped
      </Button>
      {day.value !== null ? (
        <Button size="small" onClick={() => save(null)}>
          Clear
        </Button>
      ) : null}
      <Button size="small" variant="ghost" onClick={onClose}>
        Cancel
      </Button>
    </div>
  );
}

function AmountInput({
  day,
  unit,
  title,
  onSave,
  onClose,
}: {
  day: HabitDay;
  unit: string;
  title: string;
  onSave: (value: CheckInValue | null, note?: string) => void;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState(typeof day.value === 'number' ? String(day.value) : '');
  const [note, setNote] = useState(day.note);
  const [error, setError] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(amount.replace(',', '.'));
    if (amount.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1_000_000) {
      setError('Enter an amount from 0 to 1,000,000.');
      return;
    }
    onSave(value, note.trim() || undefined);
  }
  const label = dayLabel(day.date).long;
  return (
    <form className="lb-habit-amount" onSubmit={submit} aria-label={`${title} on ${label}`}>
      <label>
        How much on {label}
        {unit ? ` (${unit})` : ''}
        <input
          type="text"
          inputMode="decimal"
          autoFocus
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setError('');
          }}
          aria-invalid={error ? true : undefined}
        />
      </label>
      <label>
        Note
        <input type="text" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      </label>
      <Button type="submit" variant="primary" size="small">
        Save
      </Button>
      <Button size="small" onClick={() => onSave('skip', note.trim() || undefined)}>
        Skip this day
      </Button>
      {day.value !== null ? (
        <Button size="small" onClick={() => onSave(null)}>
          Clear
        </Button>
      ) : null}
      <Button size="small" variant="ghost" onClick={onClose}>
        Cancel
      </Button>
      {error ? (
        <span role="alert" className="lb-field__error">
          {error}
        </span>
      ) : null}
    </form>
  );
}
