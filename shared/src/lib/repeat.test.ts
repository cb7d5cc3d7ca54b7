import { describe, expect, it } from 'vitest';
import { describeRepeat, presetOf, ruleOf, type RepeatPreset } from './repeat';

describe('repeat presets', () => {
  it('turn each preset into its rule and back', () => {
    const presets: [RepeatPreset, string | null, string][] = [
      [{ kind: 'none' }, null, 'Does not repeat'],
      [{ kind: 'daily' }, 'FREQ=DAILY', 'Every day'],
      [{ kind: 'weekdays' }, 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every weekday (Monday to Friday)'],
      [{ kind: 'weekly', days: ['MO', 'TH'] }, 'FREQ=WEEKLY;BYDAY=MO,TH', 'Every week on Monday and Thursday'],
      [{ kind: 'monthly', day: 22 }, 'FREQ=MONTHLY;BYMONTHDAY=22', 'Every month on the 22nd'],
      [{ kind: 'custom', every: 3, unit: 'WEEKLY' }, 'FREQ=WEEKLY;INTERVAL=3', 'Every 3 weeks'],
    ];
    for (const [preset, rule, words] of presets) {
      expect(ruleOf(preset)).toBe(rule);
      expect(presetOf(rule)).toEqual(preset);
      expect(describeRepeat(rule)).toBe(words);
    }
  });

  it('keeps the weekly days in week order and reads a stored RRULE: prefix', () => {
    expect(ruleOf({ kind: 'weekly', days: ['FR', 'MO'] })).toBe('FREQ=WEEKLY;BYDAY=MO,FR');
    expect(presetOf('RRULE:FREQ=DAILY')).toEqual({ kind: 'daily' });
    expect(describeRepeat('FREQ=MONTHLY;BYMONTHDAY=1')).toBe('Every month on the 1st');
    expect(describeRepeat('FREQ=MONTHLY;BYMONTHDAY=13')).toBe('Every month on the 13th');
  });

  it('keeps a rule no preset describes as it is', () => {
    expect(presetOf('FREQ=MONTHLY;BYDAY=2TU')).toEqual({ kind: 'other', rule: 'FREQ=MONTHLY;BYDAY=2TU' });
    expect(ruleOf(presetOf('FREQ=MONTHLY;BYDAY=2TU'))).toBe('FREQ=MONTHLY;BYDAY=2TU');
    expect(describeRepeat('FREQ=MONTHLY;BYDAY=2TU')).toBe('Repeats on a custom schedule');
  });
});
