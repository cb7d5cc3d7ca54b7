import type { CheckInValue, HabitHistory } from '@lifeboard/shared/api/habits';

const CELL = 12;
const GAP = 2;
const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.round(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface HeatmapHabit {
  kind: string;
  target: number | null;
  unit: string;
  weekdays: number[];
  paused: { from: string; to: string | null }[];
  colour: string;
}

interface Cell { fill: string; opacity: number; label: string }

function cellOf(habit: HeatmapHabit, day: number, value: CheckInValue | undefined, pausedDays: Set<number>): Cell {
  const date = isoOf(day);
  if (value === 'skip') return { fill: 'url(#lb-skip)', opacity: 1, label: `${date}: skipped` };
  if (value === 'yes') return { fill: habit.colour, opacity: 1, label: `${date}: done` };
  if (typeof value === 'number') {
    const share = habit.target ? Math.min(1, value / habit.target) : value > 0 ? 1 : 0;
    const unit = habit.unit ? ` ${habit.unit}` : '';
    // At-most habits: under the limit is good, so full colour; over it fades.
    const opacity = habit.kind === 'at_most' ? (habit.target !== null && value <= habit.target ? 1 : 0.25) : 0.2 + 0.8 * share;
    return { fill: habit.colour, opacity, label: `${date}: ${value}${unit}` };
  }
  if (pausedDays.has(day)) return { fill: '#c9dafc', opacity: 1, label: `${date}: paused` };
  const weekday = (((day + 4) % 7) + 7) % 7;
  if (habit.weekdays.length && !habit.weekdays.includes(weekday)) return { fill: '#f3f4f7', opacity: 1, label: `${date}: not scheduled` };
  return { fill: '#e4e7ee', opacity: 1, label: `${date}: nothing recorded` };
}

/**
 * A calendar grid per year, like Loop's and GitHub's: a column per week (Monday on top), a cell per day, coloured
 * for done (amounts shade by how much of the target), hatched for skipped, blue for paused. Newest year first.
 */
export function Heatmap({ habit, entries, today }: { habit: HeatmapHabit; entries: HabitHistory['entries']; today: string }) {
  const values = new Map<number, CheckInValue>(entries.map((e) => [dayNumber(e.date), e.value]));
  const last = dayNumber(today);
  const first = Math.min(entries.length ? dayNumber(entries[0].date) : last, last - 364);
  const pausedDays = new Set<number>();
  for (const range of habit.paused) {
    const to = Math.min(last, range.to ? dayNumber(range.to) : last);
    for (let d = Math.max(first, dayNumber(range.from)); d <= to; d += 1) pausedDays.add(d);
  }
  const years: number[] = [];
  for (let y = Number(today.slice(0, 4)); y >= Number(isoOf(first).slice(0, 4)); y -= 1) years.push(y);
  return (
    <div className="lb-heatmap">
      <svg width="0" height="0" aria-hidden="true" style={{ position: 'absolute' }}>
        <defs>
          <pattern id="lb-skip" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="4" height="4" fill="#eef0f4" /><rect width="1.5" height="4" fill="#9aa3b5" />
          </pattern>
        </defs>
      </svg>
      {years.map((year) => {
        const start = Math.max(first, dayNumber(`${year}-01-01`));
        const end = Math.min(last, dayNumber(`${year}-12-31`));
        const firstMonday = start - ((((start + 4) % 7) + 6) % 7);
        const weeks = Math.floor((end - firstMonday) / 7) + 1;
        const cells = [];
        const labels = [];
        for (let d = start; d <= end; d += 1) {
          const column = Math.floor((d - firstMonday) / 7);
          const row = (((d + 4) % 7) + 6) % 7;
          const cell = cellOf(habit, d, values.get(d), pausedDays);
          cells.push(<rect key={d} x={28 + column * (CELL + GAP)} y={14 + row * (CELL + GAP)} width={CELL} height={CELL} rx={2} fill={cell.fill} fillOpacity={cell.opacity}><title>{cell.label}</title></rect>);
          if (isoOf(d).endsWith('-01') || d === start) {
            const month = Number(isoOf(d).slice(5, 7)) - 1;
            labels.push(<text key={`m${d}`} x={28 + column * (CELL + GAP)} y={10} fontSize={9} fill="#5b6478">{months[month]}</text>);
          }
        }
        const done = entries.filter((e) => e.date.startsWith(String(year)) && (e.value === 'yes' || typeof e.value === 'number')).length;
        return (
          <figure key={year} style={{ margin: '0 0 8px' }}>
            <figcaption><strong>{year}</strong> <span className="lb-muted">· {done} check-ins</span></figcaption>
            <svg width={28 + weeks * (CELL + GAP)} height={14 + 7 * (CELL + GAP)} role="img" aria-label={`${year}: ${done} check-ins`}>
              {['Mon', 'Wed', 'Fri'].map((name, i) => <text key={name} x={0} y={14 + (i * 2 + 1) * (CELL + GAP) - 3} fontSize={9} fill="#5b6478">{name}</text>)}
              {labels}
              {cells}
            </svg>
          </figure>
        );
      })}
      <p className="lb-heatmap-legend" aria-label="Legend">
        <span style={{ '--swatch': habit.colour } as Record<string, string>}>done</span>
        <span style={{ '--swatch': '#9aa3b5' } as Record<string, string>}>skipped</span>
        <span style={{ '--swatch': '#c9dafc' } as Record<string, string>}>paused</span>
        <span style={{ '--swatch': '#e4e7ee' } as Record<string, string>}>nothing recorded</span>
        {habit.kind !== 'yes_no' ? <span style={{ '--swatch': habit.colour } as Record<string, string>}>amounts: the darker, the nearer the target</span> : null}
      </p>
    </div>
  );
}
