import { useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import type { CheckInValue, HabitHistory } from '@lifeboard/shared/api/habits';
import { formatDisplayDay, shortMonthNames } from '@lifeboard/shared/lib/date-display';

const CELL = 12;
const GAP = 2;
const STEP = CELL + GAP;
const LEFT = 28;
const TOP = 14;
const DAY_MS = 86_400_000;
const dayNumber = (iso: string) =>
  Math.round(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 0 for Monday … 6 for Sunday (day 0, 1970-01-01, was a Thursday). */
const rowOf = (day: number) => (((day + 4) % 7) + 6) % 7;

export interface HeatmapHabit {
  kind: string;
  target: number | null;
  unit: string;
  weekdays: number[];
  paused: { from: string; to: string | null }[];
  colour: string;
}

export type DayState = 'done' | 'amount' | 'skipped' | 'paused' | 'off' | 'none';
interface Cell {
  state: DayState;
  fill: string;
  opacity: number;
  words: string;
}

function cellOf(habit: HeatmapHabit, day: number, value: CheckInValue | undefined, pausedDays: Set<number>): Cell {
  if (value === 'skip') return { state: 'skipped', fill: 'url(#lb-skip)', opacity: 1, words: 'skipped' };
  if (value === 'yes') return { state: 'done', fill: habit.colour, opacity: 1, words: 'done' };
  if (typeof value === 'number') {
    const share = habit.target ? Math.min(1, value / habit.target) : value > 0 ? 1 : 0;
    const unit = habit.unit ? ` ${habit.unit}` : '';
    // At-most habits: under the limit is good, so full colour; over it fades. Shades are rounded to tenths so a
    // year draws as a few paths, one per shade.
    const opacity =
      habit.kind === 'at_most'
        ? habit.target !== null && value <= habit.target
          ? 1
          : 0.25
        : Math.round((0.2 + 0.8 * share) * 10) / 10;
    return { state: 'amount', fill: habit.colour, opacity, words: `${value}${unit}` };
  }
  if (pausedDays.has(day)) return { state: 'paused', fill: 'var(--lb-heat-paused)', opacity: 1, words: 'paused' };
  if (habit.weekdays.length && !habit.weekdays.includes((rowOf(day) + 1) % 7))
    return { state: 'off', fill: 'var(--lb-heat-off)', opacity: 1, words: 'not scheduled' };
  return { state: 'none', fill: 'var(--lb-heat-none)', opacity: 1, words: 'nothing recorded' };
}

/** One year's calendar: its days as cells, placed a column per week (Monday on top). */
export interface HeatmapYear {
  year: number;
  start: number;
  end: number;
  firstMonday: number;
  cells: Cell[];
  done: number;
}

/** The years to draw, newest first, from the first check-in (or a year back) to `today`. */
export function heatmapYears(habit: HeatmapHabit, entries: HabitHistory['entries'], today: string): HeatmapYear[] {
  const values = new Map<number, CheckInValue>(entries.map((e) => [dayNumber(e.date), e.value]));
  const last = dayNumber(today);
  const first = Math.min(entries.length ? dayNumber(entries[0].date) : last, last - 364);
  const pausedDays = new Set<number>();
  for (const range of habit.paused) {
    const to = Math.min(last, range.to ? dayNumber(range.to) : last);
    for (let d = Math.max(first, dayNumber(range.from)); d <= to; d += 1) pausedDays.add(d);
  }
  const years: HeatmapYear[] = [];
  for (let year = Number(today.slice(0, 4)); year >= Number(isoOf(first).slice(0, 4)); year -= 1) {
    const start = Math.max(first, dayNumber(`${year}-01-01`));
    const end = Math.min(last, dayNumber(`${year}-12-31`));
    const cells: Cell[] = [];
    let done = 0;
    for (let d = start; d <= end; d += 1) {
      const cell = cellOf(habit, d, values.get(d), pausedDays);
      if (cell.state === 'done' || cell.state === 'amount') done += 1;
      cells.push(cell);
    }
    years.push({ year, start, end, firstMonday: start - rowOf(start), cells, done });
  }
  return years;
}

/** What a day of the calendar says, in words: "Sun, Nov 22nd 2026: done". */
export function dayWords(year: HeatmapYear, day: number): string {
  return `${formatDisplayDay(isoOf(day))}: ${year.cells[day - year.start].words}`;
}

/**
 * A year's cells as one path per colour and shade: a handful of elements where a rect per day made ~365 (the
 * 5-year calendar rendered ~3,700 elements). Each path says which state it draws.
 */
function yearPaths(year: HeatmapYear) {
  const groups = new Map<string, { state: DayState; fill: string; opacity: number; d: string[] }>();
  year.cells.forEach((cell, i) => {
    const day = year.start + i;
    const key = `${cell.state} ${cell.fill} ${cell.opacity}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { state: cell.state, fill: cell.fill, opacity: cell.opacity, d: [] }));
    const x = LEFT + Math.floor((day - year.firstMonday) / 7) * STEP;
    group.d.push(`M${x} ${TOP + rowOf(day) * STEP}h${CELL}v${CELL}h-${CELL}z`);
  });
  return [...groups.entries()].map(([key, group]) => (
    <path
      key={key}
      d={group.d.join('')}
      // As a style, not an attribute: the fill may be a design token (var(--lb-heat-none)).
      style={{ fill: group.fill }}
      fillOpacity={group.opacity}
      data-state={group.state}
    />
  ));
}

function YearCalendar({
  year,
  onPoint,
  onChoose,
}: {
  year: HeatmapYear;
  onPoint: (words: string) => void;
  onChoose?: (date: string) => void;
}) {
  const [chosen, setChosen] = useState<number | null>(null);
  const weeks = Math.floor((year.end - year.firstMonday) / 7) + 1;
  const choose = (day: number | null) => {
    setChosen(day);
    if (day !== null) onPoint(dayWords(year, day));
  };
  const dayAt = (event: PointerEvent<SVGSVGElement> | MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const column = Math.floor((event.clientX - box.left - LEFT) / STEP);
    const row = Math.floor((event.clientY - box.top - TOP) / STEP);
    const day = year.firstMonday + column * 7 + row;
    return column >= 0 && row >= 0 && row < 7 && day >= year.start && day <= year.end ? day : null;
  };
  const keys: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -7, ArrowRight: 7 };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const from = chosen ?? year.end;
    const to =
      event.key === 'Home'
        ? year.start
        : event.key === 'End'
          ? year.end
          : keys[event.key] === undefined
            ? null
            : from + keys[event.key];
    if ((event.key === 'Enter' || event.key === ' ') && onChoose && chosen !== null) {
      event.preventDefault();
      onChoose(isoOf(chosen));
      return;
    }
    if (to === null) return;
    event.preventDefault();
    choose(Math.min(year.end, Math.max(year.start, to)));
  };
  const labels = [];
  for (let d = year.start; d <= year.end; d += 1) {
    const iso = isoOf(d);
    if (iso.endsWith('-01') || d === year.start) {
      labels.push(
        <text
          key={d}
          x={LEFT + Math.floor((d - year.firstMonday) / 7) * STEP}
          y={10}
          fontSize={9}
          style={{ fill: 'var(--lb-text-muted)' }}
        >
          {shortMonthNames[Number(iso.slice(5, 7)) - 1]}
        </text>,
      );
    }
  }
  return (
    <figure style={{ margin: '0 0 8px' }}>
      <figcaption>
        <strong>{year.year}</strong> <span className="lb-muted">· {year.done} check-ins</span>
      </figcaption>
      {/* Focusable: the arrow keys walk the days (up and down a day, left and right a week), read out below. */}
      <svg
        width={LEFT + weeks * STEP}
        height={TOP + 7 * STEP}
        role="img"
        tabIndex={0}
        className="lb-heatmap__year"
        aria-label={`${year.year}: ${year.done} check-ins. Use the arrow keys to read each day${onChoose ? ', Enter to check in on it' : ''}.`}
        onClick={(event) => {
          const day = dayAt(event);
          if (day !== null && onChoose) onChoose(isoOf(day));
        }}
        onPointerMove={(event) => {
          const day = dayAt(event);
          if (day !== null && day !== chosen) choose(day);
        }}
        onFocus={() => choose(chosen ?? year.end)}
        onKeyDown={onKeyDown}
      >
        {['Mon', 'Wed', 'Fri'].map((name, i) => (
          <text key={name} x={0} y={TOP + (i * 2 + 1) * STEP - 3} fontSize={9} style={{ fill: 'var(--lb-text-muted)' }}>
            {name}
          </text>
        ))}
        {labels}
        {yearPaths(year)}
        {chosen !== null ? (
          <rect
            x={LEFT + Math.floor((chosen - year.firstMonday) / 7) * STEP - 1}
            y={TOP + rowOf(chosen) * STEP - 1}
            width={CELL + 2}
            height={CELL + 2}
            fill="none"
            style={{ stroke: 'var(--lb-text)' }}
            strokeWidth={1.5}
            className="lb-heatmap__chosen"
          />
        ) : null}
      </svg>
    </figure>
  );
}

/**
 * A calendar grid per year, like Loop's and GitHub's: a column per week (Monday on top), a cell per day, coloured
 * for done (amounts shade by how much of the target), hatched for skipped, blue for paused. Newest year first.
 * Pointing at a day, or walking the days with the arrow keys, says what it holds.
 */
export function Heatmap({
  habit,
  entries,
  today,
  checkIn,
}: {
  habit: HeatmapHabit;
  entries: HabitHistory['entries'];
  today: string;
  /** Clicking a day (or Enter on it) opens this form for it: a check-in on any past day. */
  checkIn?: (date: string, close: () => void) => ReactNode;
}) {
  const [pointed, setPointed] = useState('');
  const [checking, setChecking] = useState<string | null>(null);
  const years = heatmapYears(habit, entries, today);
  return (
    <div className="lb-heatmap">
      <svg width="0" height="0" aria-hidden="true" style={{ position: 'absolute' }}>
        <defs>
          <pattern id="lb-skip" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="4" height="4" style={{ fill: 'var(--lb-surface-2)' }} />
            <rect width="1.5" height="4" style={{ fill: 'var(--lb-heat-skip)' }} />
          </pattern>
        </defs>
      </svg>
      <p className="lb-heatmap__day" aria-live="polite">
        {pointed ||
          `Point at a day, or focus a year and use the arrow keys, to see what it holds${checkIn ? '; click it or press Enter to check in on it' : ''}.`}
      </p>
      {checking && checkIn ? checkIn(checking, () => setChecking(null)) : null}
      {years.map((year) => (
        <YearCalendar key={year.year} year={year} onPoint={setPointed} onChoose={checkIn ? setChecking : undefined} />
      ))}
      <p className="lb-heatmap-legend" aria-label="Legend">
        <span style={{ '--swatch': habit.colour } as Record<string, string>}>done</span>
        <span style={{ '--swatch': 'var(--lb-heat-skip)' } as Record<string, string>}>skipped</span>
        <span style={{ '--swatch': 'var(--lb-heat-paused)' } as Record<string, string>}>paused</span>
        <span style={{ '--swatch': 'var(--lb-heat-none)' } as Record<string, string>}>nothing recorded</span>
        {habit.kind !== 'yes_no' ? (
          <span style={{ '--swatch': habit.colour } as Record<string, string>}>
            amounts: the darker, the nearer the target
          </span>
        ) : null}
      </p>
    </div>
  );
}
