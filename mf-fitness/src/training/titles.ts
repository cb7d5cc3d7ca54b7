/** "Tue, Nov 25" in the reader's time zone. */
export function dayLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
}

/** A session's title: "Push day · Tue, Nov 25"; "Workout · Tue, Nov 25" when it follows no plan. */
export function sessionTitle(workoutTitle: string | undefined, startedAt: string): string {
  return `${workoutTitle?.trim() || 'Workout'} · ${dayLabel(startedAt)}`;
}

/** "1 h 5 min", "42 min", "under a minute". */
export function durationLabel(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}
