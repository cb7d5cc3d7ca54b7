import { describe, expect, it } from 'vitest';
import { rrule } from '../models/fields';
import { describeRepeat, endRuleBefore, parseRepeat, repeatRule, type RepeatChoice } from './repeat-rule';

const choice = (over: Partial<RepeatChoice>): RepeatChoice => ({
  preset: 'none',
  days: [],
  interval: 1,
  unit: 'WEEKLY',
  until: '',
  ...over,
});

describe('repeat presets', () => {
  it('write rules the model accepts and read back as the same preset', () => {
    const cases: [Partial<RepeatChoice>, string][] = [
      [{ preset: 'daily' }, 'FREQ=DAILY'],
      [{ preset: 'weekdays' }, 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
      [{ preset: 'weekly', days: [4, 1] }, 'FREQ=WEEKLY;BYDAY=MO,TH'],
      [{ preset: 'monthly', until: '2026-12-31' }, 'FREQ=MONTHLY;UNTIL=20261231T235959Z'],
      [{ preset: 'custom', interval: 2, unit: 'WEEKLY', days: [6] }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA'],
    ];
    for (const [input, rule] of cases) {
      expect(repeatRule(choice(input))).toBe(rule);
      expect(rrule.safeParse(rule).success).toBe(true);
      expect(parseRepeat(rule).preset).toBe(input.preset);
    }
    expect(repeatRule(choice({ preset: 'none' }))).toBeNull();
  });

  it('say a rule in words and keep an unknown rule as custom', () => {
    expect(describeRepeat('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR')).toBe('Every weekday');
    expect(describeRepeat('FREQ=WEEKLY;BYDAY=MO,TH')).toBe('Weekly on Mon, Thu');
    expect(describeRepeat('FREQ=WEEKLY;INTERVAL=2')).toBe('Every 2 weeks');
    expect(describeRepeat(null)).toBe('Does not repeat');
    expect(parseRepeat('FREQ=MONTHLY;BYMONTHDAY=15').preset).toBe('custom');
  });

  it('end a series the day before a date, replacing any count', () => {
    expect(endRuleBefore('FREQ=DAILY;COUNT=10', '2026-03-01')).toBe('FREQ=DAILY;UNTIL=20260228T235959Z');
  });
});
