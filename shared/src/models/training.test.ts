import { describe, expect, it } from 'vitest';
import {
  e1rm,
  exerciseRecords,
  formatWeight,
  fromKg,
  progressOver,
  suggestedWeight,
  toKg,
  volume,
  weekOf,
  weeklyVolume,
} from './training';

describe('e1rm (Epley)', () => {
  it('is the weight for a single rep and weight × (1 + reps/30) above, worked by hand', () => {
    expect(e1rm(100, 1)).toBe(100);
    expect(e1rm(100, 10)).toBe(133.33); // 100 × 1.3333…
    expect(e1rm(60, 8)).toBe(76); // 60 × 38/30 = 76
    expect(e1rm(62.5, 5)).toBe(72.92); // 62.5 × 35/30 = 72.9166…
    expect(e1rm(80, 0)).toBe(0);
  });

  it('rounds a half cent up as the database does, where floating point would not', () => {
    expect(e1rm(40.175, 12)).toBe(56.25); // 40.175 × 42/30 = 56.245 exactly (a float product says 56.24)
    expect(e1rm(40.275, 8)).toBe(51.02); // 40.275 × 38/30 = 51.015
    expect(volume([{ exercise_id: 1, reps: 3, weight: 40.025 }])).toBe(120.08); // 120.075
    expect(volume([{ exercise_id: 1, reps: 10, weight: 40.0055 }])).toBe(400.06); // 400.055
  });
});

describe('exerciseRecords', () => {
  const bench = 7;
  const sessions = [
    [
      { exercise_id: bench, reps: 8, weight: 60 },
      { exercise_id: bench, reps: 8, weight: 60 },
      { exercise_id: 9, reps: 20, weight: 100 },
    ],
    [
      { exercise_id: bench, reps: 5, weight: 62.5 },
      { exercise_id: bench, reps: 12, weight: 40 },
      { exercise_id: bench, reps: 3, weight: 90, done: false },
    ],
    [{ exercise_id: bench, reps: 1, weight: 70 }],
  ];
  it('finds each record over done sets of that exercise only, worked by hand', () => {
    expect(exerciseRecords(sessions, bench)).toEqual({
      max_weight: 70, // the 90 kg set was never done; 100 kg was another exercise
      best_e1rm: 76, // 60 × (1 + 8/30) = 76 beats 62.5 × 35/30 = 72.92, 40 × 1.4 = 56 and 70 × 1
      max_reps: 12,
      best_session_volume: 960, // 60×8 + 60×8 = 960 beats 62.5×5 + 40×12 = 792.5
    });
  });
  it('is all null before any set', () => {
    expect(exerciseRecords([], bench)).toEqual({
      max_weight: null,
      best_e1rm: null,
      max_reps: null,
      best_session_volume: null,
    });
  });
  it('adds volume without float dust', () => {
    expect(
      volume([
        { exercise_id: 1, reps: 3, weight: 0.1 },
        { exercise_id: 1, reps: 1, weight: 0.2 },
      ]),
    ).toBe(0.5);
  });
});

describe('suggestedWeight (wger progression)', () => {
  it('adds the increment when every set hit its target reps', () => {
    const last = [
      { exercise_id: 1, reps: 8, weight: 60, target_reps: 8 },
      { exercise_id: 1, reps: 9, weight: 60, target_reps: 8 },
    ];
    expect(suggestedWeight(last, 1)).toEqual({ weight: 62.5, progressed: true });
    expect(suggestedWeight(last, 1, 5)).toEqual({ weight: 65, progressed: true });
  });
  it('keeps the weight when a set fell short, and says nothing for an exercise not done', () => {
    const last = [
      { exercise_id: 1, reps: 8, weight: 60, target_reps: 8 },
      { exercise_id: 1, reps: 6, weight: 60, target_reps: 8 },
    ];
    expect(suggestedWeight(last, 1)).toEqual({ weight: 60, progressed: false });
    expect(suggestedWeight(last, 2)).toBeUndefined();
    expect(suggestedWeight([{ exercise_id: 1, reps: 8, weight: 60 }], 1)).toEqual({ weight: 60, progressed: false });
  });
});

describe('units', () => {
  it('keeps kg exactly and converts pounds by the exact factor', () => {
    expect(toKg(62.5, 'kg')).toBe(62.5);
    expect(toKg(100, 'lb')).toBe(45.3592);
    expect(fromKg(100, 'lb')).toBe(220.46);
    expect(formatWeight(61.235, 'lb')).toBe('135 lb');
    expect(formatWeight(62.5, 'kg')).toBe('62.5 kg');
  });
  it('round-trips every weight typed to 0.25 in either unit', () => {
    for (let value = 0; value <= 1000; value += 0.25) {
      expect(fromKg(toKg(value, 'lb'), 'lb')).toBe(value);
      expect(fromKg(toKg(value, 'kg'), 'kg')).toBe(value);
    }
  });
});

describe('progressOver', () => {
  const bench = 7;
  const day = (iso: string) => iso.slice(0, 10);
  it('gives per day the heaviest set, the best e1RM and the volume, oldest first, worked by hand', () => {
    const points = progressOver(
      [
        {
          started_at: '2026-11-20T18:00:00Z',
          sets: [
            { exercise_id: bench, reps: 5, weight: 62.5 },
            { exercise_id: bench, reps: 12, weight: 40 },
          ],
        },
        {
          started_at: '2026-11-10T18:00:00Z',
          sets: [
            { exercise_id: bench, reps: 8, weight: 60 },
            { exercise_id: bench, reps: 3, weight: 90, done: false },
            { exercise_id: 9, reps: 1, weight: 200 },
          ],
        },
        // A second session the same day: one point, the better set, the summed volume.
        { started_at: '2026-11-20T07:00:00Z', sets: [{ exercise_id: bench, reps: 6, weight: 62.5 }] },
        { started_at: '2026-11-15T18:00:00Z', sets: [{ exercise_id: bench, reps: 10, weight: 0 }] },
        { started_at: '2026-11-18T18:00:00Z', sets: [{ exercise_id: bench, reps: 8, weight: 70, done: false }] },
      ],
      bench,
      day,
    );
    expect(points).toEqual([
      { day: '2026-11-10', best_set: { weight: 60, reps: 8 }, best_e1rm: 76, volume: 480 },
      { day: '2026-11-15', best_set: null, best_e1rm: null, volume: 0 }, // bodyweight only
      // 62.5 × 6 beats 62.5 × 5; e1RM 62.5 × 36/30 = 75; volume 312.5 + 480 + 375 = 1167.5
      { day: '2026-11-20', best_set: { weight: 62.5, reps: 6 }, best_e1rm: 75, volume: 1167.5 },
    ]);
  });
});

describe('weeklyVolume', () => {
  it('sums each Monday-to-Sunday week and keeps empty weeks, worked by hand', () => {
    const day = (iso: string) => iso.slice(0, 10);
    const weeks = weeklyVolume(
      [
        { started_at: '2026-11-02T10:00:00Z', sets: [{ exercise_id: 1, reps: 10, weight: 50 }] }, // Monday
        {
          started_at: '2026-11-08T10:00:00Z',
          sets: [
            { exercise_id: 2, reps: 5, weight: 62.5 },
            { exercise_id: 2, reps: 5, weight: 80, done: false },
          ],
        }, // Sunday
        { started_at: '2026-11-17T10:00:00Z', sets: [{ exercise_id: 1, reps: 3, weight: 100 }] },
        { started_at: '2026-10-01T10:00:00Z', sets: [{ exercise_id: 1, reps: 3, weight: 100 }] }, // before the range
      ],
      day,
      '2026-11-04',
      '2026-11-20',
    );
    expect(weeks).toEqual([
      { week: '2026-11-02', volume: 812.5, sessions: 2 }, // 500 + 312.5; the planned 80 kg set was not done
      { week: '2026-11-09', volume: 0, sessions: 0 },
      { week: '2026-11-16', volume: 300, sessions: 1 },
    ]);
  });
});

describe('weekOf', () => {
  it('is the Monday of the week, Sunday included in the week before it', () => {
    expect(weekOf('2026-11-25')).toBe('2026-11-23'); // a Wednesday
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(weekOf('2027-01-01')).toBe('2026-12-28'); // across the year
  });
});
