/** Habits due on a day: pinned to that weekday, or (no fixed days) due any day; archived ones never. */
export function isDueOn(habit: { weekdays?: unknown; archived_at?: unknown }, day: Date): boolean {
  if (habit.archived_at) return false;
  const pinned = Array.isArray(habit.weekdays) ? habit.weekdays : [];
  return pinned.length === 0 || pinned.includes(day.getDay());
}
