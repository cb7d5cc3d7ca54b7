/**
 * Habit strength as Loop Habit Tracker counts it: an exponential moving score that moves toward 1 on a
 * day the target was met and toward 0 on a day it was not, with a pace set by the frequency (a daily
 * habit forgets faster than a weekly one). `days` is oldest first; `null` marks a skipped day.
 */
export function habitStrength(days: (boolean | null)[], frequencyNum: number, frequencyDen: number): number {
  const frequency = Math.min(1, Math.max(frequencyNum, 1) / Math.max(frequencyDen, 1));
  const multiplier = Math.pow(0.5, Math.sqrt(frequency) / 13);
  let score = 0;
  for (const done of days) {
    if (done === null) continue;
    score = score * multiplier + (done ? 1 - multiplier : 0);
  }
  return score;
}

/** Whether a day's entry meets the habit's target. */
export function meetsTarget(value: unknown, kind: unknown, target: unknown): boolean | null {
  if (value === 'skip') return null;
  if (value === 'yes') return true;
  if (typeof value !== 'number') return false;
  const goal = typeof target === 'number' ? target : 1;
  return kind === 'at_most' ? value <= goal : value >= goal;
}
