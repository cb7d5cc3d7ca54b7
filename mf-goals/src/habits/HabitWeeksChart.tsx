import { useMemo } from 'react';
import type { HabitWeek } from '@lifeboard/shared/api/habits';
import TimeChart from '@lifeboard/shared/ui/TimeChart';

const percent = (value: number) => `${Math.round(value)}%`;
const weekText = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A habit's last weeks on the app's one chart (loaded with /report/habit-summary only): bars of what was done
 * each week against its goal, and the strength at each week's end.
 */
export default function HabitWeeksChart({
  title,
  weeks,
  unit,
  colour,
  limit,
}: {
  title: string;
  weeks: HabitWeek[];
  unit: string;
  colour: string;
  limit: boolean;
}) {
  const days = useMemo(() => weeks.map((week) => week.from), [weeks]);
  const series = useMemo(() => {
    const amount = (value: number) => `${Math.round(value * 100) / 100} ${unit}`;
    return [
      {
        label: limit
          ? `Per week (limit ${amount(weeks[0]?.goal ?? 0)})`
          : `Done of ${amount(weeks[0]?.goal ?? 0)} a week`,
        colour,
        bars: true,
        scale: 'done',
        format: amount,
        values: weeks.map((week) => week.done),
      },
      {
        label: 'Strength',
        colour: 'var(--lb-text-muted)',
        scale: '%',
        format: percent,
        values: weeks.map((week) => Math.round(week.score * 1000) / 10),
      },
    ];
  }, [weeks, unit, colour, limit]);
  const ranges = useMemo(() => ({ '%': [0, 100] as [number, number] }), []);
  const last = weeks.at(-1);
  const summary = last
    ? `${title}, the ${weeks.length} weeks from ${weekText(weeks[0].from)}: this week ${Math.round(last.done * 100) / 100} of ${last.goal} ${unit}${limit ? ' allowed' : ''}, strength ${Math.round(last.score * 100)}%; ` +
      `weeks that met the goal: ${weeks.filter((week) => (limit ? week.done <= week.goal : week.done >= week.goal)).length}.`
    : `${title}: no weeks yet.`;
  return <TimeChart days={days} series={series} ranges={ranges} summary={summary} height={180} />;
}
