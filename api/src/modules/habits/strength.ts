/**
 * A habit's numbers: strength (Loop Habit Tracker's score, the same algorithm as uhabits-core's
 * `ScoreList.recompute` and `Score.compute`), streaks and what is due. Pure functions over days, so one
 * implementation serves every screen, report and export.
 *
 * Days are whole numbers (days since 1970-01-01, UTC calendar) so the loops stay arithmetic.
 */

import type { CheckInValue, HabitDay, HabitStats, HabitWeek, StreakUnit } from '@lifeboard/shared/models/habit-answers';

export type HabitKind = 'yes_no' | 'at_least' | 'at_most';

export interface HabitRule {
  kind: HabitKind;
  /** For numeric habits: the amount per `den` days (at least / at most). */
  target: number | null;
  num: number;
  den: number;
  /** Fixed weekdays (0 = Sunday); empty = any day. Other days count as skipped, like Loop's skip days. */
  weekdays: number[];
  paused: { from: string; to: string | null }[];
}

export interface DayEntry {
  date: string;
  value: CheckInValue;
  note?: string | null;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` (the civil-from-days arithmetic, no Date: it runs once per check-in). */
export function dayOf(iso: string): number {
  let y =
    (iso.charCodeAt(0) - 48) * 1000 +
    (iso.charCodeAt(1) - 48) * 100 +
    (iso.charCodeAt(2) - 48) * 10 +
    (iso.charCodeAt(3) - 48);
  const m = (iso.charCodeAt(5) - 48) * 10 + (iso.charCodeAt(6) - 48);
  const d = (iso.charCodeAt(8) - 48) * 10 + (iso.charCodeAt(9) - 48);
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

export function isoOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday, as `Date.getDay()`; 1970-01-01 was a Thursday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** How much of the previous score a day keeps, for a habit done `frequency` times a day (Loop's `Score.compute`). */
export function scoreMultiplier(frequency: number): number {
  return Math.pow(0.5, Math.sqrt(frequency) / 13);
}

/** Loop's `Score.compute`: one day moves the score toward that day's completion. */
export function nextScore(frequency: number, previous: number, completion: number): number {
  const multiplier = scoreMultiplier(frequency);
  return previous * multiplier + completion * (1 - multiplier);
}

/** What one day holds once entries, pauses and fixed weekdays are laid over the calendar. */
const NONE = 0; // nothing recorded
const YES = 1;
const SKIP = 2; // skipped by hand, paused, or not one of the habit's weekdays
const AMOUNT = 3;

export interface Timeline {
  start: number;
  /** One state per day from `start` to the last day asked for. */
  states: Uint8Array;
  amounts: Float64Array;
  /** Why a SKIP day is skipped: 1 by hand, 2 paused, 3 not a scheduled weekday. */
  reasons: Uint8Array;
}

const isNumeric = (rule: HabitRule) => rule.kind !== 'yes_no';

export function isPaused(rule: HabitRule, day: number): boolean {
  return rule.paused.some((range) => day >= dayOf(range.from) && (range.to === null || day <= dayOf(range.to)));
}

/**
 * Lays the entries over days `start..end`. The series starts at the first entry (as Loop's does);
 * `start` may be given earlier to read a longer window (the extra days hold nothing).
 */
export function timeline(rule: HabitRule, entries: readonly DayEntry[], start: number, end: number): Timeline {
  const length = Math.max(0, end - start + 1);
  const states = new Uint8Array(length);
  const amounts = new Float64Array(length);
  const reasons = new Uint8Array(length);
  const fixed = rule.weekdays.length > 0 && rule.weekdays.length < 7 ? new Set(rule.weekdays) : null;
  if (fixed) {
    for (let i = 0; i < length; i += 1)
      if (!fixed.has(weekdayOf(start + i))) {
        states[i] = SKIP;
        reasons[i] = 3;
      }
  }
  for (const range of rule.paused) {
    const from = Math.max(start, dayOf(range.from));
    const to = Math.min(end, range.to === null ? end : dayOf(range.to));
    for (let d = from; d <= to; d += 1) {
      states[d - start] = SKIP;
      reasons[d - start] = 2;
    }
  }
  const numeric = isNumeric(rule);
  for (const entry of entries) {
    const i = dayOf(entry.date) - start;
    if (i < 0 || i >= length) continue;
    const value = entry.value;
    // A check-in on a paused or unscheduled day still counts: it was done.
    if (value === 'skip') {
      states[i] = SKIP;
      reasons[i] = 1;
    } else if (numeric) {
      states[i] = AMOUNT;
      amounts[i] = typeof value === 'number' ? value : 0;
      reasons[i] = 0;
    } else if (value === 'yes' || (typeof value === 'number' && value > 0)) {
      states[i] = YES;
      reasons[i] = 0;
    }
  }
  return { start, states, amounts, reasons };
}

/** Where a score series stands after some day: the score and the rolling count (or sum) of the window. */
export interface ScoreState {
  score: number;
  rolling: number;
}

/** The score before the first check-in: nothing done yet (an "at most" habit starts within its limit). */
export function initialScore(rule: HabitRule): ScoreState {
  return { score: isNumeric(rule) && rule.kind === 'at_most' ? 1 : 0, rolling: 0 };
}

/** How many days back the rolling window reaches (yes/no habits below once a day double it, as Loop does). */
export function windowDays(rule: HabitRule): number {
  return !isNumeric(rule) && rule.num / rule.den < 1 ? rule.den * 2 : rule.den;
}

/**
 * Loop's `ScoreList.recompute` over a timeline, oldest day first: the score of each day.
 * Yes/no habits with a frequency below 1 double both numerator and denominator, to smooth irregular
 * schedules; numeric habits compare the rolling sum over `den` days with the target; a skipped day
 * (here also a paused or unscheduled one) leaves the score unchanged but stays in the rolling window.
 *
 * `from` and `state` resume a series: days before `from` are only read to leave the window, and `state` is
 * where the series stood after the day before `from` (a checkpoint). The same operations run in the same
 * order as from the first check-in, so a resumed series gives the very same numbers.
 */
export function scoreSeries(
  rule: HabitRule,
  line: Timeline,
  from = 0,
  state: ScoreState = initialScore(rule),
): { scores: Float64Array; end: ScoreState } {
  const { states, amounts } = line;
  const scores = new Float64Array(Math.max(0, states.length - from));
  // nextScore's step, with its multiplier worked out once for the whole series.
  const keep = scoreMultiplier(rule.num / rule.den);
  const step = (previous: number, completion: number) => previous * keep + completion * (1 - keep);
  const numeric = isNumeric(rule);
  const atMost = rule.kind === 'at_most';
  const doubled = !numeric && rule.num / rule.den < 1;
  const denominator = windowDays(rule);
  const numerator = doubled ? rule.num * 2 : rule.num;
  const target = rule.target ?? 0;
  let previous = state.score;
  let rolling = state.rolling;
  for (let i = from; i < states.length; i += 1) {
    const s = states[i];
    if (numeric) {
      rolling += s === AMOUNT ? Math.max(0, amounts[i]) : 0;
      const old = i - denominator;
      if (old >= 0 && states[old] === AMOUNT) rolling -= Math.max(0, amounts[old]);
      if (s !== SKIP) {
        let completion: number;
        if (!atMost) completion = target > 0 ? Math.min(1, rolling / target) : 1;
        else if (target > 0) completion = Math.min(1, Math.max(0, 1 - (rolling - target) / target));
        else completion = rolling > 0 ? 0 : 1;
        previous = step(previous, completion);
      }
    } else {
      if (s === YES) rolling += 1;
      const old = i - denominator;
      if (old >= 0 && states[old] === YES) rolling -= 1;
      if (s !== SKIP) previous = step(previous, Math.min(1, rolling / numerator));
    }
    scores[i - from] = previous;
  }
  return { scores, end: { score: previous, rolling } };
}

/** Daily habits (and fixed weekdays) count days; "N in D days" habits count periods of D days. */
export function streakUnit(rule: HabitRule): StreakUnit {
  if (rule.den === 1) return 'day';
  if (rule.den === 7) return 'week';
  if (rule.den === 30 || rule.den === 31) return 'month';
  return 'period';
}

/** The period holding `day`: Monday-to-Sunday weeks, calendar months, else blocks of `den` days from `anchor`. */
export function periodOf(rule: HabitRule, day: number, anchor: number): { from: number; to: number } {
  const unit = streakUnit(rule);
  if (unit === 'day') return { from: day, to: day };
  if (unit === 'week') {
    const from = day - ((weekdayOf(day) + 6) % 7);
    return { from, to: from + 6 };
  }
  if (unit === 'month') {
    const date = new Date(day * DAY_MS);
    const from = Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS);
    const to = Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS) - 1;
    return { from, to };
  }
  const from = anchor + Math.floor((day - anchor) / rule.den) * rule.den;
  return { from, to: from + rule.den - 1 };
}

/** Whether a single day met the target: true, false, or null (skipped / not counted). */
function dayMet(rule: HabitRule, state: number, amount: number): boolean | null {
  if (state === SKIP) return null;
  if (rule.kind === 'yes_no') return state === YES;
  const value = state === AMOUNT ? amount : 0;
  if (rule.kind === 'at_least') return rule.target ? value >= rule.target : value > 0;
  return value <= (rule.target ?? 0);
}

export type PeriodResult = 'met' | 'missed' | 'open';

/**
 * Each period's result from `fromDay` (the first check-in, or a period's first day after it) to `toDay`, as of `asOf`.
 * A period that is not over yet is `open` unless already met (or, for "at most", already exceeded). Skipped and
 * paused days, and days before the first check-in, lower what the period asks for in proportion; a period with
 * none left to count is `open`.
 */
export function periodResults(
  rule: HabitRule,
  line: Timeline,
  first: number,
  asOf: number,
  fromDay = first,
  toDay = asOf,
): PeriodResult[] {
  const results: PeriodResult[] = [];
  const at = (day: number) => day - line.start;
  for (let day = fromDay; day <= toDay;) {
    const { from, to } = periodOf(rule, day, first);
    if (rule.den === 1) {
      const i = at(day);
      const met = dayMet(rule, line.states[i], line.amounts[i]);
      // Today without a check-in yet is still open.
      if (day === asOf && line.states[i] === NONE && met !== true) results.push('open');
      else results.push(met === null ? 'open' : met ? 'met' : 'missed');
      day += 1;
      continue;
    }
    let open = 0;
    let count = 0;
    for (let d = from; d <= to; d += 1) {
      if (d < first) continue;
      const i = at(d);
      const state = i >= 0 && i < line.states.length ? line.states[i] : NONE;
      if (state === SKIP) continue;
      open += 1;
      if (state === YES) count += 1;
      else if (state === AMOUNT) count += Math.max(0, line.amounts[i]);
    }
    const length = to - from + 1;
    const over = to <= asOf;
    let result: PeriodResult;
    if (open === 0) result = 'open';
    else if (rule.kind === 'at_most') {
      const exceeded = count > (rule.target ?? 0);
      result = exceeded ? 'missed' : over ? 'met' : 'open';
    } else {
      const goal = rule.kind === 'yes_no' ? rule.num : (rule.target ?? 0) > 0 ? (rule.target as number) : 1e-9;
      const needed = goal * (open / length);
      const met = count >= needed - 1e-9;
      result = met ? 'met' : over ? 'missed' : 'open';
    }
    results.push(result);
    day = to + 1;
  }
  return results;
}

/** Current and best streak over period results (after `before`): `open` keeps a streak alive without adding to it. */
export function streaks(
  results: readonly PeriodResult[],
  before = { current: 0, best: 0 },
): { current: number; best: number } {
  let { current, best } = before;
  for (const result of results) {
    if (result === 'met') {
      current += 1;
      best = Math.max(best, current);
    } else if (result === 'missed') current = 0;
  }
  return { current, best };
}

function stateOf(
  rule: HabitRule,
  line: Timeline,
  day: number,
  asOf: number,
  entry: DayEntry | undefined,
  startDay = -Infinity,
): HabitDay {
  const i = day - line.start;
  const inside = i >= 0 && i < line.states.length;
  const state = inside ? line.states[i] : NONE;
  const reason = inside ? line.reasons[i] : 0;
  const value = entry?.value ?? null;
  let name: HabitDay['state'];
  if (state === SKIP) name = reason === 1 ? 'skipped' : reason === 2 ? 'paused' : 'off';
  else if (state === YES) name = 'done';
  else if (state === AMOUNT && dayMet(rule, state, line.amounts[i])) name = 'done';
  // Only a day-by-day habit misses a day; "N in D days" habits miss periods, not days.
  // Nor does a day before the habit started (made, or first checked in if earlier): nobody could check it in.
  else
    name =
      day >= asOf || day < startDay || rule.den !== 1 || (rule.kind === 'at_most' && state !== AMOUNT)
        ? 'none'
        : 'missed';
  return { date: isoOf(day), state: name, value, note: entry?.note ?? '' };
}

/** Entries by date; the database already gives them so, and then this is one pass. */
function byDateOrder(entries: DayEntry[]): DayEntry[] {
  for (let i = 1; i < entries.length; i += 1)
    if (entries[i - 1].date > entries[i].date) return entries.sort((a, b) => a.date.localeCompare(b.date));
  return entries;
}

/**
 * A habit's numbers over the days before `day`: where its score series and streak counters stood, so that
 * later stats start there and read only the check-ins from `day` on (less the rolling window's days).
 * `day` is the first day of a streak period. `first` is null when there was no check-in before `day`.
 */
export interface Checkpoint {
  day: string;
  first: string | null;
  score: number;
  rolling: number;
  current: number;
  best: number;
  total: number;
}

const isDone = (e: DayEntry) => e.value === 'yes' || (typeof e.value === 'number' && e.value > 0);

/** Where computing resumes: at a checkpoint's day, or at the first check-in with nothing carried. */
function resumeFrom(rule: HabitRule, known: readonly DayEntry[], checkpoint: Checkpoint | null) {
  if (checkpoint?.first) {
    return {
      first: dayOf(checkpoint.first),
      resume: dayOf(checkpoint.day),
      state: { score: checkpoint.score, rolling: checkpoint.rolling },
      streak: { current: checkpoint.current, best: checkpoint.best },
      total: checkpoint.total,
    };
  }
  const first = known.length ? dayOf(known[0].date) : Infinity;
  return { first, resume: first, state: initialScore(rule), streak: { current: 0, best: 0 }, total: 0 };
}

/**
 * The day a checkpoint for stats as of `asOf` is kept at: the start of the streak period holding the first of
 * `asOf`'s month (or of the month before, in a month's first week), so stats replay at most a few weeks.
 */
export function checkpointDay(rule: HabitRule, asOfIso: string, firstIso: string | null): string {
  const asOf = dayOf(asOfIso);
  const date = new Date((asOf - 7) * DAY_MS);
  const monthStart = Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS);
  return isoOf(periodOf(rule, monthStart, firstIso ? dayOf(firstIso) : monthStart).from);
}

/**
 * The checkpoint at `dayIso` (a period's first day, see checkpointDay), from `entries` (by date) and an earlier
 * checkpoint, if any: the entries must then hold every check-in from `from.day` less windowDays(rule) days,
 * else all of them.
 */
export function checkpointAt(
  rule: HabitRule,
  entries: readonly DayEntry[],
  dayIso: string,
  from: Checkpoint | null = null,
): Checkpoint {
  const day = dayOf(dayIso);
  if (from && dayOf(from.day) > day) throw new Error('A checkpoint moves forward only.');
  const known = byDateOrder(entries.filter((e) => e.date < dayIso));
  const r = resumeFrom(rule, known, from);
  if (!Number.isFinite(r.first))
    return { day: dayIso, first: null, ...initialScore(rule), current: 0, best: 0, total: 0 };
  if (periodOf(rule, day, r.first).from !== day) throw new Error(`${dayIso} does not start a streak period.`);
  const start = r.resume - windowDays(rule);
  const line = timeline(rule, known, start, day - 1);
  const end = scoreSeries(rule, line, r.resume - start, r.state).end;
  // As of `day` every period before it is over, and no day before it is "today".
  const streak = streaks(periodResults(rule, line, r.first, day, r.resume, day - 1), r.streak);
  let total = r.total;
  const resumeIso = isoOf(r.resume);
  for (const e of known) if (e.date >= resumeIso && isDone(e)) total += 1;
  return {
    day: dayIso,
    first: isoOf(r.first),
    score: end.score,
    rolling: end.rolling,
    current: streak.current,
    best: streak.best,
    total,
  };
}

/**
 * Everything a list row or a habit's page shows, as of `asOf` (inclusive). With a checkpoint (on or before
 * `asOf`), `entries` need only hold the check-ins from `checkpoint.day` less windowDays(rule) days, and from
 * `asOf`'s streak period and last `recentDays` days; the numbers are the same as from every check-in.
 */
export function habitStats(
  rule: HabitRule,
  entries: readonly DayEntry[],
  asOfIso: string,
  recentDays = 7,
  checkpoint: Checkpoint | null = null,
  /** The day the habit was made (`YYYY-MM-DD`); days before it, and before its first check-in, are not missed. */
  createdIso: string | null = null,
): HabitStats {
  const asOf = dayOf(asOfIso);
  if (checkpoint && checkpoint.day > asOfIso) throw new Error('The checkpoint is after the date asked for.');
  const known = byDateOrder(entries.filter((e) => e.date <= asOfIso));
  const r = resumeFrom(rule, known, checkpoint);
  const first = r.first;
  const anchor = Number.isFinite(first) ? first : asOf;
  const start = Math.min(
    Number.isFinite(first) ? r.resume - windowDays(rule) : asOf,
    asOf - recentDays + 1,
    periodOf(rule, asOf, anchor).from,
  );
  const line = timeline(rule, known, start, asOf);
  let score = 0;
  let streak = { current: 0, best: 0 };
  if (Number.isFinite(first)) {
    score = scoreSeries(rule, line, r.resume - start, r.state).end.score;
    streak = streaks(periodResults(rule, line, first, asOf, r.resume), r.streak);
  }
  let total = r.total;
  const resumeIso = Number.isFinite(r.resume) ? isoOf(r.resume) : '';
  for (const e of known) if (e.date >= resumeIso && isDone(e)) total += 1;

  const recentFrom = isoOf(asOf - recentDays + 1);
  const byDate = new Map<string, DayEntry>();
  for (let i = known.length - 1; i >= 0 && known[i].date >= recentFrom; i -= 1) byDate.set(known[i].date, known[i]);
  const last7: HabitDay[] = [];
  const startDay =
    createdIso === null ? -Infinity : Number.isFinite(first) ? Math.min(dayOf(createdIso), first) : dayOf(createdIso);
  for (let d = asOf - recentDays + 1; d <= asOf; d += 1)
    last7.push(stateOf(rule, line, d, asOf, byDate.get(isoOf(d)), startDay));

  // What the current period asks for and has, today's own check-in left out: "due" is about before today.
  const period = periodOf(rule, asOf, anchor);
  let done = 0;
  for (let d = period.from; d < asOf; d += 1) {
    const i = d - line.start;
    if (i < 0) continue;
    if (line.states[i] === YES) done += 1;
    else if (line.states[i] === AMOUNT) done += Math.max(0, line.amounts[i]);
  }
  const todayIndex = asOf - line.start;
  const todayState = line.states[todayIndex];
  const todayReason = line.reasons[todayIndex];
  const goal = rule.kind === 'yes_no' ? rule.num : (rule.target ?? 0);
  const pausedToday = isPaused(rule, asOf);
  const scheduled = !pausedToday && !(todayState === SKIP && todayReason === 3);
  // "At most" habits are never due: nothing is asked for, only a limit.
  const due = scheduled && rule.kind !== 'at_most' && done < goal;
  const todayAmount = todayState === YES ? 1 : todayState === AMOUNT ? Math.max(0, line.amounts[todayIndex]) : 0;
  return {
    as_of: asOfIso,
    score,
    current_streak: streak.current,
    best_streak: streak.best,
    streak_unit: streakUnit(rule),
    period_days: rule.den,
    total_checkins: total,
    first_date: Number.isFinite(first) ? isoOf(first) : null,
    paused_today: pausedToday,
    due_today: due,
    period_done: done + todayAmount,
    period_goal: goal,
    last7,
  };
}

/** Strength on every day from the first check-in to `asOf`, and completion by weekday: a habit's page. */
export function habitHistory(rule: HabitRule, entries: readonly DayEntry[], asOfIso: string) {
  const asOf = dayOf(asOfIso);
  const known = byDateOrder(entries.filter((e) => e.date <= asOfIso));
  const byWeekday = [0, 0, 0, 0, 0, 0, 0];
  if (!known.length) return { scores: [] as [string, number][], by_weekday: byWeekday };
  let first = Infinity;
  for (const e of known) first = Math.min(first, dayOf(e.date));
  const line = timeline(rule, known, first, asOf);
  const { scores } = scoreSeries(rule, line);
  const series: [string, number][] = [];
  for (let i = 0; i < scores.length; i += 1) series.push([isoOf(first + i), Math.round(scores[i] * 10_000) / 10_000]);
  for (let i = 0; i < line.states.length; i += 1) {
    if (line.states[i] === YES || (line.states[i] === AMOUNT && dayMet(rule, AMOUNT, line.amounts[i])))
      byWeekday[weekdayOf(first + i)] += 1;
  }
  return { scores: series, by_weekday: byWeekday };
}

/**
 * The last `count` weeks (Monday to Sunday) up to `asOf`: what was done each week (check-ins, or the sum of
 * amounts), what a week asks for (the habit's rate over 7 days), and strength at the week's end.
 */
export function habitWeeks(rule: HabitRule, entries: readonly DayEntry[], asOfIso: string, count: number): HabitWeek[] {
  const asOf = dayOf(asOfIso);
  const monday = asOf - ((weekdayOf(asOf) + 6) % 7);
  const from = monday - 7 * (count - 1);
  // Unrounded (unlike the page's chart): a week's end shows the very strength the habit's page does.
  const known = byDateOrder(entries.filter((e) => e.date <= asOfIso));
  const first = known.length ? dayOf(known[0].date) : Infinity;
  const scores = Number.isFinite(first)
    ? scoreSeries(rule, timeline(rule, known, first, asOf)).scores
    : new Float64Array(0);
  const scoreOn = (day: number) => (day < first ? 0 : scores[Math.min(scores.length - 1, day - first)]);
  const done = new Float64Array(count);
  const fromIso = isoOf(from);
  for (const e of entries) {
    if (e.date < fromIso || e.date > asOfIso) continue;
    const week = Math.floor((dayOf(e.date) - from) / 7);
    if (e.value === 'yes') done[week] += 1;
    else if (typeof e.value === 'number')
      done[week] += rule.kind === 'yes_no' ? (e.value > 0 ? 1 : 0) : Math.max(0, e.value);
  }
  // Fixed weekdays ask for the days' share of a week, not all 7.
  const fixedDays = rule.weekdays.length > 0 && rule.weekdays.length < 7 ? rule.weekdays.length : 7;
  const perWeek = ((rule.kind === 'yes_no' ? rule.num : (rule.target ?? 0)) * fixedDays) / rule.den;
  const goal = Math.round(perWeek * 100) / 100;
  return Array.from({ length: count }, (_, i) => ({
    from: isoOf(from + 7 * i),
    done: Math.round(done[i] * 100) / 100,
    goal,
    score: scoreOn(Math.min(asOf, from + 7 * i + 6)),
  }));
}
