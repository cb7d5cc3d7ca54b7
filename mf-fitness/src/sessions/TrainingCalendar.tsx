import { useMemo, useState } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { Button } from '@lifeboard/shared/ui/Button';
import { Skeleton } from '@lifeboard/shared/ui/feedback';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { useRecordsBetween } from '../training/api';
import { sessionTitle } from '../training/titles';
import './sessions.css';

const weekdayHeads = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The days of a month's grid, Monday first: null for the blanks before the 1st. */
export function monthGrid(year: number, month: number): (string | null)[] {
  const first = new Date(year, month, 1);
  const blanks = (first.getDay() + 6) % 7;
  const length = new Date(year, month + 1, 0).getDate();
  return [
    ...Array<null>(blanks).fill(null),
    ...Array.from({ length }, (_, i) => localDate(new Date(year, month, i + 1))),
  ];
}

/** Sessions by the local day they started on. */
export function sessionsByDay(sessions: AnyRecord[]): Map<string, AnyRecord[]> {
  const days = new Map<string, AnyRecord[]>();
  for (const session of sessions) {
    const day = localDate(new Date(String(session.started_at)));
    days.set(day, [...(days.get(day) ?? []), session]);
  }
  return days;
}

const titleOf = (session: AnyRecord) =>
  typeof session.title === 'string' && session.title
    ? session.title
    : sessionTitle(undefined, String(session.started_at));

/** `/workout-sessions`: a month of training days; each day trained links to its sessions. */
export function TrainingCalendar() {
  const today = localDate();
  const [shown, setShown] = useState(() => ({ year: new Date().getFullYear(), month: new Date().getMonth() }));
  const grid = useMemo(() => monthGrid(shown.year, shown.month), [shown]);
  const days = grid.filter((day): day is string => day !== null);
  // A day wider each side: the server filters by the stored date, the grid by the reader's day.
  const sessions = useRecordsBetween('workout_session', addDays(days[0], -1), addDays(days[days.length - 1], 1));
  const byDay = useMemo(() => sessionsByDay(sessions ?? []), [sessions]);
  const trained = days.filter((day) => byDay.has(day)).length;
  const monthName = new Date(shown.year, shown.month, 1).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
  });
  const move = (by: number) =>
    setShown(({ year, month }) => ({
      year: month + by < 0 ? year - 1 : month + by > 11 ? year + 1 : year,
      month: (month + by + 12) % 12,
    }));
  return (
    <Panel title="Training days">
      <div className="lb-row">
        <Button size="small" variant="ghost" onClick={() => move(-1)} aria-label="Previous month">
          ←
        </Button>
        <strong aria-live="polite">{monthName}</strong>
        <Button size="small" variant="ghost" onClick={() => move(1)} aria-label="Next month">
          →
        </Button>
      </div>
      {sessions === undefined ? (
        <Skeleton lines={4} />
      ) : sessions === null ? (
        <p role="alert">Your sessions could not be loaded. Try again later.</p>
      ) : (
        <>
          <p>
            {trained === 0
              ? `No training in ${monthName}.`
              : `Trained on ${trained} ${trained === 1 ? 'day' : 'days'} in ${monthName}.`}
          </p>
          <div className="lb-training-calendar" role="grid" aria-label={`Training days in ${monthName}`}>
            <div role="row" className="lb-training-calendar__row">
              {weekdayHeads.map((head) => (
                <span key={head} role="columnheader" className="lb-training-calendar__head">
                  {head}
                </span>
              ))}
            </div>
            {Array.from({ length: Math.ceil(grid.length / 7) }, (_, week) => (
              <div role="row" key={week} className="lb-training-calendar__row">
                {grid.slice(week * 7, week * 7 + 7).map((day, i) => {
                  if (!day) return <span key={`blank-${i}`} role="gridcell" />;
                  const done = byDay.get(day) ?? [];
                  const number = Number(day.slice(8));
                  return (
                    <span
                      key={day}
                      role="gridcell"
                      className={`lb-training-calendar__day${done.length ? ' is-trained' : ''}${day === today ? ' is-today' : ''}`}
                      data-day={day}
                    >
                      {done.length ? (
                        <Link
                          to={`/workout-session/${done[0].id}`}
                          title={done.map(titleOf).join('\n')}
                          aria-label={`${done.map(titleOf).join(', ')}`}
                        >
                          {number}
                        </Link>
                      ) : (
                        number
                      )}
                    </span>
                  );
                })}
              </div>
            ))}
          </div>
        </>
      )}
    </Panel>
  );
}
