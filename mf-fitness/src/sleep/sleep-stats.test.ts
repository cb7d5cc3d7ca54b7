import { describe, expect, it } from 'vitest';
import {
  compare,
  minutesLabel,
  nightOf,
  nightTimes,
  sleepAverages,
  sleepInsights,
  sleepMinutes,
  weekdayExtremes,
  type Night,
} from './sleep-stats';

const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n)).toISOString().slice(0, 10); // day(0) = Sun 1 Nov 2026

describe('sleepMinutes and nightOf', () => {
  it('derives the time asleep from bed and wake, and refuses what is not a night', () => {
    expect(sleepMinutes('2026-11-24T23:30:00Z', '2026-11-25T07:00:00Z')).toBe(450);
    expect(sleepMinutes('2026-11-25T07:00:00Z', '2026-11-24T23:30:00Z')).toBeNull();
    expect(sleepMinutes('2026-11-24T07:00:00Z', '2026-11-25T07:00:00Z')).toBeNull(); // a whole day
    expect(sleepMinutes(null, '2026-11-25T07:00:00Z')).toBeNull();
    expect(
      nightOf({ date: '2026-11-25', bed_at: '2026-11-24T22:00:00Z', wake_at: '2026-11-25T06:15:00Z', score: 80 }),
    ).toEqual({ date: '2026-11-25', minutes: 495, score: 80 });
  });
});

describe('nightTimes', () => {
  it('puts a bed time after the wake time on the evening before', () => {
    const times = nightTimes('2026-11-25', '23:30', '07:00');
    expect(times).not.toBeNull();
    expect(sleepMinutes(times?.bed_at, times?.wake_at)).toBe(450);
    expect(new Date(times?.wake_at ?? '').getDate()).toBe(25);
    expect(new Date(times?.bed_at ?? '').getDate()).toBe(24);
  });
  it('keeps an after-midnight bed time on the same morning, and refuses nonsense', () => {
    expect(
      sleepMinutes(
        nightTimes('2026-11-25', '01:15', '08:00')?.bed_at,
        nightTimes('2026-11-25', '01:15', '08:00')?.wake_at,
      ),
    ).toBe(405);
    expect(nightTimes('2026-11-25', '', '08:00')).toBeNull();
  });
});

describe('minutesLabel', () => {
  it('reads hours and minutes', () => {
    expect(minutesLabel(450)).toBe('7 h 30 min');
    expect(minutesLabel(480)).toBe('8 h');
    expect(minutesLabel(34)).toBe('34 min');
    expect(minutesLabel(-34)).toBe('34 min');
  });
});

describe('sleepAverages and weekdayExtremes', () => {
  const nights: Night[] = [
    { date: day(0), minutes: 480, score: 90 },
    { date: day(7), minutes: 500, score: 80 }, // Sundays: 85
    { date: day(1), minutes: 360, score: 50 },
    { date: day(8), minutes: 380, score: 60 }, // Mondays: 55
    { date: day(2), minutes: 420, score: 70 },
    { date: day(9), minutes: null, score: 72 }, // Tuesdays: 71
    { date: day(3), minutes: 600, score: 99 }, // one Wednesday: too few to count
  ];
  it('averages minutes and scores over the nights that have them, worked by hand', () => {
    // (480 + 500 + 360 + 380 + 420 + 600) / 6 = 456.67; (90+80+50+60+70+72+99) / 7 = 74.43
    expect(sleepAverages(nights)).toEqual({ nights: 7, minutes: 457, score: 74 });
    expect(sleepAverages([])).toEqual({ nights: 0, minutes: null, score: null });
  });
  it('finds the best and worst weekday by score among weekdays with two nights', () => {
    const found = weekdayExtremes(nights);
    expect(found?.by).toBe('score');
    expect(found?.best).toEqual({ weekday: 0, nights: 2, minutes: 490, score: 85 });
    expect(found?.worst).toEqual({ weekday: 1, nights: 2, minutes: 370, score: 55 });
  });
  it('says nothing with fewer than two weekdays to compare', () => {
    expect(weekdayExtremes(nights.slice(0, 3))).toBeNull();
  });
});

describe('sleepInsights', () => {
  // Twelve nights: after training days (the day before waking) 8 h 4 min on average, otherwise 7 h 30 min.
  const trainingDays = new Set([day(0), day(2), day(4), day(6), day(8), day(10)]);
  const nights: Night[] = Array.from({ length: 12 }, (_, i) => ({
    date: day(i + 1),
    minutes: trainingDays.has(day(i)) ? 484 : 450,
    score: null,
  }));
  it('says how much longer nights after training were, and on how many nights', () => {
    const [training] = sleepInsights(nights, { trainingDays, moodByDay: new Map(), habits: [] });
    expect(training).toEqual({
      key: 'training',
      text: 'On nights after training you slept 34 min longer.',
      basis: '6 nights after training, 6 without.',
    });
  });
  it('says nothing with fewer than five nights on a side', () => {
    expect(sleepInsights(nights.slice(0, 9), { trainingDays, moodByDay: new Map(), habits: [] })).toEqual([]); // 5 after, 4 without
    expect(compare([1, 2, 3, 4], [1, 2, 3, 4, 5])).toBeNull();
  });
  it('sets mood after long nights against mood after short ones', () => {
    const moodByDay = new Map(nights.map((n) => [n.date, n.minutes === 484 ? 4 : 3]));
    const mood = sleepInsights(
      nights.map((n) => ({ ...n, minutes: n.minutes === 484 ? 430 + 60 : 400 })),
      { trainingDays: new Set(), moodByDay, habits: [] },
    );
    expect(mood).toEqual([
      {
        key: 'mood',
        text: 'After nights of 7 hours or more your mood was 1.0 higher than after shorter ones (4.0 against 3.0 out of 5).',
        basis: '6 days after long nights, 6 after short ones.',
      },
    ]);
  });
  it('counts a habit only from its first check-in on', () => {
    const habit = { name: 'Read', done: new Set([day(2), day(4), day(6), day(8), day(10)]), since: day(1) };
    const found = sleepInsights(nights, { trainingDays: new Set(), moodByDay: new Map(), habits: [habit] });
    // Nights of days 2..12 count (the day before is on or after day 1): 5 after reading (484), 6 without (450).
    expect(found).toEqual([
      {
        key: 'habit:Read',
        text: 'On nights after you did “Read” you slept 34 min longer.',
        basis: '5 nights after it, 6 without.',
      },
    ]);
  });
});
