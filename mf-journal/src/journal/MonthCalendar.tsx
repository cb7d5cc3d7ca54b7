import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { Button } from '@lifeboard/shared/ui/Button';
import { addMonths, monthTitle, monthWeeks } from './calendar';
import { displayDay } from './day-groups';
import './journal.css';

export interface MonthCalendarProps {
  /** `YYYY-MM` shown. */
  month: string;
  /** Entry counts by day (`YYYY-MM-DD`). */
  marked: ReadonlyMap<string, number>;
  /** The chosen day, if any. */
  selected: string | null;
  today: string;
  onMonthChange: (month: string) => void;
  onSelect: (date: string) => void;
}

const weekdayNames = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
];

function entriesLabel(count: number): string {
  return count === 0 ? 'no entries' : count === 1 ? '1 entry' : `${count} entries`;
}

/** A month grid to jump to a day; days with entries are marked (and say so to screen readers). Arrow keys move by day. */
export function MonthCalendar({ month, marked, selected, today, onMonthChange, onSelect }: MonthCalendarProps) {
  const grid = useRef<HTMLTableElement>(null);
  const title = monthTitle(month);

  const handleKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const move = moves[event.key];
    const target = event.target instanceof HTMLElement ? event.target.closest('button') : null;
    if (!move || !target || !grid.current) return;
    const buttons = Array.from(grid.current.querySelectorAll<HTMLButtonElement>('button[data-date]'));
    const next = buttons[buttons.indexOf(target) + move];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <div className="lb-calendar">
      <div className="lb-calendar__head">
        <Button
          size="small"
          variant="ghost"
          aria-label="Previous month"
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          ‹
        </Button>
        <h3 className="lb-calendar__title" id={`lb-calendar-${month}`} aria-live="polite">
          {title}
        </h3>
        <Button size="small" variant="ghost" aria-label="Next month" onClick={() => onMonthChange(addMonths(month, 1))}>
          ›
        </Button>
      </div>
      <table
        ref={grid}
        className="lb-calendar__grid"
        role="grid"
        aria-labelledby={`lb-calendar-${month}`}
        onKeyDown={handleKeyDown}
      >
        <thead>
          <tr>
            {weekdayNames.map(([short, full]) => (
              <th key={short} scope="col" abbr={full}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, index) => (
            <tr key={index}>
              {week.map((cell, column) => {
                const date = cell.date;
                if (!date) return <td key={column} />;
                const count = marked.get(date) ?? 0;
                return (
                  <td key={date}>
                    <button
                      type="button"
                      data-date={date}
                      className="lb-calendar__day"
                      data-has-entries={count > 0 || undefined}
                      data-today={date === today || undefined}
                      aria-pressed={date === selected}
                      // The number shown first, so the name contains the button's words (label-in-name).
                      aria-label={`${cell.day}, ${displayDay(date)}, ${entriesLabel(count)}`}
                      aria-current={date === today ? 'date' : undefined}
                      onClick={() => onSelect(date)}
                    >
                      {cell.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
