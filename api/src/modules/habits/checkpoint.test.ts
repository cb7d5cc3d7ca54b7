import { describe, expect, it } from 'vitest';
import {
  checkpointAt,
  checkpointDay,
  dayOf,
  habitStats,
  isoOf,
  windowDays,
  type Checkpoint,
  type DayEntry,
  type HabitRule,
} from './strength';

/** A small seeded generator (mulberry32), so a failing history can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const schedules: Pick<HabitRule, 'num' | 'den'>[] = [
  { num: 1, den: 1 },
  { num: 3, den: 7 },
  { num: 1, den: 7 },
  { num: 7, den: 7 },
  { num: 1, den: 3 },
  { num: 2, den: 5 },
  { num: 10, den: 30 },
  { num: 4, den: 31 },
  { num: 1, den: 45 },
  { num: 2, den: 2 },
];

function randomHabit(next: () => number, start: number, days: number): { rule: HabitRule; entries: DayEntry[] } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const kind = pick(['yes_no', 'yes_no', 'at_least', 'at_most'] as const);
  const weekdays = next() < 0.2 ? [1, 3, 5] : [];
  const paused: HabitRule['paused'] = [];
  for (let i = Math.floor(next() * 3); i > 0; i -= 1) {
    const from = start + Math.floor(next() * days);
    paused.push({ from: isoOf(from), to: next() < 0.2 ? null : isoOf(from + Math.floor(next() * 40)) });
  }
  const rule: HabitRule = {
    kind,
    target: kind === 'yes_no' ? null : pick([0, 1, 2.5, 8]),
    ...pick(schedules),
    weekdays,
    paused,
  };
  const entries: DayEntry[] = [];
  const density = next();
  const first = start + Math.floor(next() * 200);
  for (let d = first; d < start + days; d += 1) {
    const r = next();
    if (r > density) continue;
    if (r < density * 0.1) entries.push({ date: isoOf(d), value: 'skip' });
    // Amounts like 0.1 are not exact in binary: the rolling sum must still come out bit for bit.
    else entries.push({ date: isoOf(d), value: kind === 'yes_no' ? 'yes' : pick([0, 0.1, 0.7, 1, 2.5, 3, 8, 12.3]) });
  }
  return { rule, entries };
}

/** What a page reads once a checkpoint is kept: the check-ins from the window before it, the period and the last 7 days. */
function readAfter(rule: HabitRule, entries: DayEntry[], checkpoint: Checkpoint, asOf: string): DayEntry[] {
  const from = Math.min(dayOf(checkpoint.day) - windowDays(rule), dayOf(asOf) - 6);
  return entries.filter((e) => dayOf(e.date) >= from);
}

describe('checkpoints give the same stats as every check-in', () => {
  it('on 300 random histories (all kinds, schedules, fixed weekdays, pauses, skips), as checkpoints move forward month by month', () => {
    const next = random(15);
    const start = dayOf('2024-01-01');
    let compared = 0;
    for (let n = 0; n < 300; n += 1) {
      const { rule, entries } = randomHabit(next, start, 760);
      let checkpoint: Checkpoint | null = null;
      for (let asOf = start + 20 + Math.floor(next() * 30); asOf < start + 760; asOf += 9 + Math.floor(next() * 25)) {
        const asOfIso = isoOf(asOf);
        const full = habitStats(rule, entries, asOfIso);
        const first = checkpoint?.first ?? full.first_date;
        const day = checkpointDay(rule, asOfIso, first);
        if (!checkpoint || day > checkpoint.day) {
          // Half the time from the one before (reading only what is after it), else from every check-in.
          checkpoint =
            checkpoint && next() < 0.5
              ? checkpointAt(rule, readAfter(rule, entries, checkpoint, isoOf(dayOf(day) - 1)), day, checkpoint)
              : checkpointAt(rule, entries, day);
        }
        expect(checkpoint.day <= asOfIso).toBe(true);
        const resumed = habitStats(rule, readAfter(rule, entries, checkpoint, asOfIso), asOfIso, 7, checkpoint);
        // Exactly equal, score included: the resumed series runs the same operations in the same order.
        expect(resumed, `history ${n} as of ${asOfIso}, rule ${JSON.stringify(rule)}`).toEqual(full);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it('a checkpoint is kept at the start of a streak period, at least a week back', () => {
    const rule: HabitRule = { kind: 'yes_no', target: null, num: 3, den: 7, weekdays: [], paused: [] };
    expect(checkpointDay(rule, '2026-11-22', '2020-01-01')).toBe('2026-10-26'); // the Monday of the week holding Sunday, Nov 1
    expect(checkpointDay({ ...rule, num: 1, den: 1 }, '2026-11-22', '2020-01-01')).toBe('2026-11-01');
    expect(checkpointDay({ ...rule, num: 1, den: 1 }, '2026-11-05', '2020-01-01')).toBe('2026-10-01');
    expect(checkpointDay({ ...rule, num: 2, den: 10 }, '2026-11-22', '2026-10-03')).toBe('2026-10-23');
    expect(() =>
      checkpointAt({ ...rule, num: 1, den: 7 }, [{ date: '2026-01-01', value: 'yes' }], '2026-11-04'),
    ).toThrow(/streak period/);
  });

  it('refuses a checkpoint after the date asked for (its entries would be missing)', () => {
    const rule: HabitRule = { kind: 'yes_no', target: null, num: 1, den: 1, weekdays: [], paused: [] };
    const checkpoint = checkpointAt(rule, [{ date: '2026-01-01', value: 'yes' }], '2026-03-01');
    expect(() => habitStats(rule, [], '2026-02-01', 7, checkpoint)).toThrow(/after the date/);
  });
});
