/**
 * A goal's progress (0–100), worked out from what the goal says it comes from — never typed. The server runs
 * this on every save; for "the strength of its habits" it passes the linked habits' scores of the day.
 */

export type ProgressSource = 'milestones' | 'target' | 'habits';

export interface GoalProgressInput {
  progress_from?: unknown;
  milestones?: unknown;
  log?: unknown;
  start_value?: unknown;
  target_value?: unknown;
}

export interface GoalProgress {
  percent: number;
  source: ProgressSource;
  /** The same in words: "2 of 5 milestones", "78 of 75 kg", "2 habits at 64 % on average". */
  words: string;
}

export function progressSourceOf(goal: GoalProgressInput): ProgressSource {
  return goal.progress_from === 'target' || goal.progress_from === 'habits' ? goal.progress_from : 'milestones';
}

const clampPercent = (value: number) =>
  Number.isFinite(value) ? Math.round(Math.min(100, Math.max(0, value)) * 10) / 10 : 0;
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const amount = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 2 });

/** The latest logged value: the one of the latest date, the last logged among equal dates. */
export function latestLogged(log: unknown): { date: string; value: number } | null {
  if (!Array.isArray(log)) return null;
  let latest: { date: string; value: number } | null = null;
  for (const item of log as { date?: unknown; value?: unknown }[]) {
    const value = number(item?.value);
    if (typeof item?.date !== 'string' || value === null) continue;
    if (!latest || item.date >= latest.date) latest = { date: item.date, value };
  }
  return latest;
}

/**
 * - milestones: the share ticked off;
 * - target: how far the latest logged value has moved from the starting number (0 when unset) to the target,
 *   so a target below the start (a weight to lose) counts down;
 * - habits: the mean strength (0..1) of the linked habits.
 */
export function goalProgress(goal: GoalProgressInput, habitScores: number[] = [], unit = ''): GoalProgress {
  const source = progressSourceOf(goal);
  if (source === 'milestones') {
    const list = Array.isArray(goal.milestones) ? (goal.milestones as { done_at?: unknown }[]) : [];
    const done = list.filter((m) => typeof m?.done_at === 'string' && m.done_at).length;
    return {
      source,
      percent: list.length ? clampPercent((done / list.length) * 100) : 0,
      words: list.length ? `${done} of ${plural(list.length, 'milestone')} done` : 'No milestones yet',
    };
  }
  if (source === 'target') {
    const target = number(goal.target_value);
    const start = number(goal.start_value) ?? 0;
    const latest = latestLogged(goal.log);
    const suffix = unit ? ` ${unit}` : '';
    if (target === null) return { source, percent: 0, words: 'No target number set yet' };
    if (!latest) return { source, percent: 0, words: `Nothing logged yet; target ${amount(target)}${suffix}` };
    const percent =
      target === start ? (latest.value === target ? 100 : 0) : ((latest.value - start) / (target - start)) * 100;
    return {
      source,
      percent: clampPercent(percent),
      words: `${amount(latest.value)}${suffix} now, from ${amount(start)}${suffix} toward ${amount(target)}${suffix}`,
    };
  }
  if (!habitScores.length) return { source, percent: 0, words: 'No habits linked yet' };
  const mean = habitScores.reduce((sum, s) => sum + s, 0) / habitScores.length;
  return {
    source,
    percent: clampPercent(mean * 100),
    words: `${plural(habitScores.length, 'habit')} at ${Math.round(mean * 100)} % strength on average`,
  };
}
