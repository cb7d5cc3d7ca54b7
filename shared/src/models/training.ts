/**
 * The arithmetic of a training log, one copy for the API (records) and the screens (PR badges, suggestions,
 * units). Weights are kilograms everywhere they are stored.
 */

export interface LoggedSet {
  exercise_id: number;
  reps: number;
  weight?: number | null;
  /** False while a planned set waits to be done; absent means done. */
  done?: boolean;
  target_reps?: number | null;
}

export interface ExerciseRecords {
  /** The heaviest weight lifted for at least one rep, kg. */
  max_weight: number | null;
  /** The best estimated one-rep max (Epley), kg. */
  best_e1rm: number | null;
  /** The most reps in one set. */
  max_reps: number | null;
  /** The largest sum of weight × reps of the exercise in one session, kg. */
  best_session_volume: number | null;
}

export type RecordKind = keyof ExerciseRecords;

/** Two decimals: what a record is shown and compared with, so 0.1 + 0.2 never beats 0.3. */
const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * A number as the exact decimal JSON carries it (its shortest round-trip digits), as `digits × 10^-scale`. The
 * database works the records out in exact decimals (api/drizzle/0021), and a float product lands a half cent on
 * the other side now and then (61.2345 kg × 7 reps): the screens do the same sums in integers to agree with it.
 */
function exactDecimal(value: number): { digits: bigint; scale: number } {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/** numerator / denominator to the nearest whole, half away from zero (both positive), as PostgreSQL's `round`. */
const roundedQuotient = (numerator: bigint, denominator: bigint) => (2n * numerator + denominator) / (2n * denominator);

/** Epley's estimated one-rep max: `weight × (1 + reps / 30)` for more than one rep, the weight itself for one. */
export function e1rm(weight: number, reps: number): number {
  if (reps <= 0 || weight <= 0) return 0;
  if (reps === 1) return cents(weight);
  const { digits, scale } = exactDecimal(weight);
  const repsExact = exactDecimal(reps);
  // weight × (30 + reps) / 30, in cents: digits·10^-scale × (30 + reps) × 100 / 30.
  const numerator = digits * (30n * 10n ** BigInt(repsExact.scale) + repsExact.digits) * 100n;
  const denominator = 30n * 10n ** BigInt(scale + repsExact.scale);
  return Number(roundedQuotient(numerator, denominator)) / 100;
}

/** The sets of one exercise that were done (not planned-and-waiting) with at least one rep. */
export function doneSets(sets: readonly LoggedSet[], exerciseId: number): LoggedSet[] {
  return sets.filter((s) => s.exercise_id === exerciseId && s.done !== false && s.reps > 0);
}

/** Sum of weight × reps of done sets (all exercises, or one), kg to the cent, in exact decimals as the database. */
export function volume(sets: readonly LoggedSet[], exerciseId?: number): number {
  const products = sets
    .filter((s) => s.done !== false && (exerciseId === undefined || s.exercise_id === exerciseId))
    .map((s) => {
      const weight = exactDecimal(s.weight ?? 0);
      const reps = exactDecimal(s.reps);
      return { digits: weight.digits * reps.digits, scale: weight.scale + reps.scale };
    });
  const scale = Math.max(0, ...products.map((product) => product.scale));
  const sum = products.reduce((total, product) => total + product.digits * 10n ** BigInt(scale - product.scale), 0n);
  if (sum <= 0n) return cents(Number(sum) / 10 ** scale);
  return Number(roundedQuotient(sum * 100n, 10n ** BigInt(scale))) / 100;
}

/** The records of one exercise over sessions (each a list of sets); null where nothing was done yet. */
export function exerciseRecords(sessions: readonly (readonly LoggedSet[])[], exerciseId: number): ExerciseRecords {
  const records: ExerciseRecords = { max_weight: null, best_e1rm: null, max_reps: null, best_session_volume: null };
  const best = (kind: RecordKind, value: number) => {
    const current = records[kind];
    if (current === null || value > current) records[kind] = value;
  };
  for (const sets of sessions) {
    const done = doneSets(sets, exerciseId);
    if (done.length === 0) continue;
    for (const set of done) {
      best('max_reps', set.reps);
      if ((set.weight ?? 0) > 0) {
        best('max_weight', set.weight as number);
        best('best_e1rm', e1rm(set.weight as number, set.reps));
      }
    }
    best('best_session_volume', volume(done));
  }
  return records;
}

/** How each record is named on screen. */
export const recordLabels: Record<RecordKind, string> = {
  max_weight: 'Heaviest weight',
  best_e1rm: 'Best estimated 1RM',
  max_reps: 'Most reps',
  best_session_volume: 'Best session volume',
};

/** The usual plate step, kg (wger's default progression). */
export const DEFAULT_INCREMENT_KG = 2.5;

/**
 * wger's progression: when every set of the exercise in the last session reached its target reps, the next
 * session's weight is the heaviest weight used then plus the increment; otherwise that weight again.
 * Undefined when the exercise was not done last time (the plan's weight stands).
 */
export function suggestedWeight(
  lastSets: readonly LoggedSet[],
  exerciseId: number,
  incrementKg = DEFAULT_INCREMENT_KG,
): { weight: number; progressed: boolean } | undefined {
  const done = lastSets.filter((s) => s.exercise_id === exerciseId && s.done !== false);
  const heaviest = Math.max(0, ...done.map((s) => s.weight ?? 0));
  if (done.length === 0 || heaviest <= 0) return undefined;
  const allHit = done.every((s) => s.target_reps != null && s.reps >= s.target_reps);
  return allHit ? { weight: cents(heaviest + incrementKg), progressed: true } : { weight: heaviest, progressed: false };
}

export type WeightUnit = 'kg' | 'lb';
/** Exact by definition (the international pound, 1959). */
export const KG_PER_LB = 0.45359237;

/** A weight typed in the user's unit, as stored: kg, to 4 decimals (a typed kg value is kept exactly). */
export function toKg(value: number, unit: WeightUnit): number {
  return unit === 'kg' ? value : Math.round(value * KG_PER_LB * 10_000) / 10_000;
}

/** A stored kg weight in the user's unit, to 2 decimals: 61.235 kg shows as 135 lb. */
export function fromKg(kg: number, unit: WeightUnit): number {
  return unit === 'kg' ? kg : cents(kg / KG_PER_LB);
}

/** "62.5 kg", "135 lb". */
export function formatWeight(kg: number, unit: WeightUnit): string {
  return `${fromKg(kg, unit).toLocaleString('en-US', { maximumFractionDigits: 2 })} ${unit}`;
}

/** One training day of an exercise: what the progress charts draw. */
export interface ProgressPoint {
  /** `YYYY-MM-DD`, the day the session started (in the reader's time zone). */
  day: string;
  /** The heaviest done set, kg, with its reps (null: only bodyweight sets). */
  best_set: { weight: number; reps: number } | null;
  /** The best estimated one-rep max of the day (Epley), kg. */
  best_e1rm: number | null;
  /** Sum of weight × reps of the exercise that day, kg. */
  volume: number;
}

/**
 * An exercise's progress, oldest day first: per day the best set, the best e1RM and the volume. Two sessions
 * on one day make one point (the better set, the summed volume); a session with no done set makes none.
 */
export function progressOver(
  sessions: readonly { started_at: string; sets: readonly LoggedSet[] }[],
  exerciseId: number,
  dayOf: (iso: string) => string,
): ProgressPoint[] {
  const days = new Map<string, ProgressPoint>();
  for (const session of sessions) {
    const done = doneSets(session.sets, exerciseId);
    if (done.length === 0) continue;
    const day = dayOf(session.started_at);
    const point = days.get(day) ?? { day, best_set: null, best_e1rm: null, volume: 0 };
    for (const set of done) {
      const weight = set.weight ?? 0;
      if (weight <= 0) continue;
      const best = point.best_set;
      if (!best || weight > best.weight || (weight === best.weight && set.reps > best.reps))
        point.best_set = { weight, reps: set.reps };
      point.best_e1rm = Math.max(point.best_e1rm ?? 0, e1rm(weight, set.reps));
    }
    point.volume = cents(point.volume + volume(done));
    days.set(day, point);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** Monday of the ISO week of a `YYYY-MM-DD` day, as `YYYY-MM-DD`. */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * Volume per week (all exercises), oldest first, from the Monday of `fromDay`'s week to `toDay`'s: a week
 * without training is there with 0, so the bars keep real time.
 */
export function weeklyVolume(
  sessions: readonly { started_at: string; sets: readonly LoggedSet[] }[],
  dayOf: (iso: string) => string,
  fromDay: string,
  toDay: string,
): { week: string; volume: number; sessions: number }[] {
  const weeks = new Map<string, { week: string; volume: number; sessions: number }>();
  for (let week = weekOf(fromDay); week <= toDay;) {
    weeks.set(week, { week, volume: 0, sessions: 0 });
    const next = new Date(`${week}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 7);
    week = next.toISOString().slice(0, 10);
  }
  for (const session of sessions) {
    const entry = weeks.get(weekOf(dayOf(session.started_at)));
    if (!entry) continue;
    entry.volume = cents(entry.volume + volume(session.sets));
    entry.sessions += 1;
  }
  return [...weeks.values()];
}
