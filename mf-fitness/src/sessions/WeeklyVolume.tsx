import { useStore } from '@nanostores/react';
import { lazy, Suspense, useMemo } from 'react';
import type { LoggedSet } from '@lifeboard/shared/models/training';
import { formatWeight, fromKg, weeklyVolume, type WeightUnit } from '@lifeboard/shared/models/training';
import { Skeleton } from '@lifeboard/shared/ui/feedback';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { useRecordsBetween } from '../training/api';
import { $unit } from '../training/units';

const TimeChart = lazy(() => import('@lifeboard/shared/ui/TimeChart'));

const WEEKS = 12;
const dayOf = (iso: string) => localDate(new Date(iso));

/** "This week: 2 sessions, 1,250 kg · last week: none". */
export function weeksInWords(weeks: { volume: number; sessions: number }[], unit: WeightUnit): string {
  const say = (week: { volume: number; sessions: number } | undefined) =>
    !week || week.sessions === 0
      ? 'no training'
      : `${week.sessions} ${week.sessions === 1 ? 'session' : 'sessions'}, ${formatWeight(week.volume, unit)}`;
  const average = weeks.length ? weeks.reduce((sum, w) => sum + w.volume, 0) / weeks.length : 0;
  return `This week: ${say(weeks.at(-1))} · last week: ${say(weeks.at(-2))} · average over ${weeks.length} weeks: ${formatWeight(Math.round(average * 10) / 10, unit)}`;
}

/** Weight × reps of every done set, summed per week, over the last twelve weeks. */
export function WeeklyVolume() {
  const unit = useStore($unit);
  const today = localDate();
  const from = addDays(today, -7 * (WEEKS - 1) - 6);
  const sessions = useRecordsBetween('workout_session', addDays(from, -1), addDays(today, 1));
  const weeks = useMemo(
    () =>
      weeklyVolume(
        (sessions ?? []).map((s) => ({
          started_at: String(s.started_at),
          sets: Array.isArray(s.sets) ? (s.sets as LoggedSet[]) : [],
        })),
        dayOf,
        addDays(today, -7 * (WEEKS - 1)),
        today,
      ),
    [sessions, today],
  );
  const days = useMemo(() => weeks.map((w) => w.week), [weeks]);
  const series = useMemo(
    () => [
      {
        label: 'Volume',
        colour: 'var(--lb-chart-1)',
        bars: true,
        values: weeks.map((w) => Math.round(fromKg(w.volume, unit))),
        format: (v: number) => `${v.toLocaleString('en-US')} ${unit}`,
      },
    ],
    [weeks, unit],
  );
  const words = weeksInWords(weeks, unit);
  return (
    <Panel title="Weekly volume">
      {sessions === undefined ? (
        <Skeleton lines={3} />
      ) : sessions === null ? (
        <p role="alert">Your sessions could not be loaded. Try again later.</p>
      ) : (
        <>
          <p data-weekly-volume>{words}</p>
          {weeks.some((w) => w.sessions > 0) ? (
            <Suspense fallback={<Skeleton lines={3} />}>
              <TimeChart days={days} series={series} summary={`Weekly volume, ${WEEKS} weeks. ${words}`} />
            </Suspense>
          ) : null}
        </>
      )}
    </Panel>
  );
}
