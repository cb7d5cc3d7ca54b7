import { describe, expect, it } from 'vitest';
import { adherence, describeSchedule, doseState, dueSlots, nextAt, reminderRule, scheduleOf } from './doses';

const at = (slot: string) => new Date(`${slot}:00`).getTime();

describe('scheduleOf and describeSchedule', () => {
  it('reads the stored lists and says them in words', () => {
    expect(scheduleOf({ times: ['20:00', '08:00', '08:00', 'soon'], days: [5, 1, 3] })).toEqual({
      times: ['08:00', '20:00'],
      days: [1, 3, 5],
    });
    expect(scheduleOf({})).toEqual({ times: [], days: [] });
    expect(describeSchedule({ times: ['08:00', '20:00'], days: [] })).toBe('Every day at 08:00 and 20:00');
    expect(describeSchedule({ times: ['09:00'], days: [1, 3, 5] })).toBe('Mon, Wed and Fri at 09:00');
    expect(describeSchedule({ times: ['07:30'], days: [0] })).toBe('Every Sunday at 07:30');
    expect(describeSchedule({ times: [], days: [] })).toBe('As needed (no set times)');
  });
});

describe('dueSlots', () => {
  it('lists each time on each scheduled day', () => {
    // 23 Nov 2026 is a Monday.
    expect(dueSlots({ times: ['08:00', '20:00'], days: [] }, '2026-11-23', '2026-11-24')).toEqual([
      '2026-11-23T08:00',
      '2026-11-23T20:00',
      '2026-11-24T08:00',
      '2026-11-24T20:00',
    ]);
    expect(dueSlots({ times: ['09:00'], days: [1, 3] }, '2026-11-23', '2026-11-29')).toEqual([
      '2026-11-23T09:00',
      '2026-11-25T09:00',
    ]);
  });
});

describe('doseState and adherence', () => {
  const schedule = { times: ['08:00', '20:00'], days: [] };
  const intakes = [
    { at: '2026-11-23T07:05:00.000Z', due: '2026-11-23T08:00' },
    { at: '2026-11-23T21:00:00.000Z', due: '2026-11-23T20:00', status: 'missed' as const },
    { at: '2026-11-24T08:10:00.000Z', due: '2026-11-24T08:00', status: 'taken' as const },
    { at: '2026-11-24T12:00:00.000Z' }, // an extra dose, answering no slot
  ];
  const now = at('2026-11-25T09:00');
  it('is taken or missed as logged, open before its time and not logged after', () => {
    expect(doseState('2026-11-23T08:00', intakes, now).state).toBe('taken');
    expect(doseState('2026-11-23T20:00', intakes, now).state).toBe('missed');
    expect(doseState('2026-11-24T20:00', intakes, now).state).toBe('not logged');
    expect(doseState('2026-11-25T20:00', intakes, now).state).toBe('open');
  });
  it('counts the doses whose time has come, worked by hand', () => {
    // Due by 25 Nov 09:00: 23rd ×2, 24th ×2, 25th 08:00 = 5; taken 2, missed 1, not logged 2 → 40%.
    expect(adherence(schedule, intakes, '2026-11-23', '2026-11-25', now)).toEqual({
      due: 5,
      taken: 2,
      missed: 1,
      notLogged: 2,
      percent: 40,
    });
    expect(adherence({ times: [], days: [] }, intakes, '2026-11-23', '2026-11-25', now).percent).toBeNull();
  });
});

describe('reminders of a schedule', () => {
  it('repeat daily, or weekly on the days', () => {
    expect(reminderRule({ times: ['08:00'], days: [] })).toBe('FREQ=DAILY');
    expect(reminderRule({ times: ['08:00'], days: [1, 3] })).toBe('FREQ=WEEKLY;BYDAY=MO,WE');
  });
  it('start at the next time due', () => {
    const now = at('2026-11-25T09:00'); // a Wednesday
    expect(nextAt({ times: ['08:00'], days: [] }, '08:00', now)).toBe(new Date(at('2026-11-26T08:00')).toISOString());
    expect(nextAt({ times: ['20:00'], days: [] }, '20:00', now)).toBe(new Date(at('2026-11-25T20:00')).toISOString());
    expect(nextAt({ times: ['08:00'], days: [1] }, '08:00', now)).toBe(new Date(at('2026-11-30T08:00')).toISOString());
  });
});
