/**
 * The reminder form's repeat presets and the RRULE each stands for (RFC 5545, as the API expands it with
 * `rrule`). People pick a preset; nobody types a rule.
 */
export type RepeatPreset =
  | { kind: 'none' }
  | { kind: 'daily' }
  | { kind: 'weekdays' }
  | { kind: 'weekly'; days: Weekday[] }
  | { kind: 'monthly'; day: number }
  | { kind: 'custom'; every: number; unit: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY' }
  /** A rule made elsewhere that no preset describes: kept as it is. */
  | { kind: 'other'; rule: string };

export type Weekday = 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA' | 'SU';
export const weekdayCodes: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
export const weekdayNames: Record<Weekday, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
const workdays = 'MO,TU,WE,TH,FR';
const unitWords = { DAILY: ['day', 'days'], WEEKLY: ['week', 'weeks'], MONTHLY: ['month', 'months'], YEARLY: ['year', 'years'] } as const;

function parts(rule: string): Map<string, string> {
  return new Map(rule.replace(/^RRULE:/, '').split(';').filter(Boolean).map((part) => {
    const [key, value = ''] = part.split('=');
    return [key.toUpperCase(), value.toUpperCase()] as const;
  }));
}

/** The preset a stored rule is (null or '' is "does not repeat"). */
export function presetOf(rule: string | null | undefined): RepeatPreset {
  if (!rule) return { kind: 'none' };
  const p = parts(rule);
  const keys = [...p.keys()].sort().join(',');
  const freq = p.get('FREQ');
  const interval = Number(p.get('INTERVAL') ?? '1');
  if (keys === 'FREQ' && freq === 'DAILY') return { kind: 'daily' };
  if (keys === 'BYDAY,FREQ' && freq === 'WEEKLY') {
    const days = (p.get('BYDAY') ?? '').split(',') as Weekday[];
    if (days.join(',') === workdays) return { kind: 'weekdays' };
    if (days.every((day) => weekdayCodes.includes(day))) return { kind: 'weekly', days: weekdayCodes.filter((day) => days.includes(day)) };
  }
  if (keys === 'BYMONTHDAY,FREQ' && freq === 'MONTHLY') {
    const day = Number(p.get('BYMONTHDAY'));
    if (Number.isInteger(day) && day >= 1 && day <= 31) return { kind: 'monthly', day };
  }
  if ((keys === 'FREQ' || keys === 'FREQ,INTERVAL') && (freq === 'DAILY' || freq === 'WEEKLY' || freq === 'MONTHLY' || freq === 'YEARLY') && Number.isInteger(interval) && interval >= 1) {
    return { kind: 'custom', every: interval, unit: freq };
  }
  return { kind: 'other', rule };
}

/** The rule a preset stands for; null for "does not repeat". */
export function ruleOf(preset: RepeatPreset): string | null {
  switch (preset.kind) {
    case 'none': return null;
    case 'daily': return 'FREQ=DAILY';
    case 'weekdays': return `FREQ=WEEKLY;BYDAY=${workdays}`;
    case 'weekly': return preset.days.length ? `FREQ=WEEKLY;BYDAY=${weekdayCodes.filter((day) => preset.days.includes(day)).join(',')}` : 'FREQ=WEEKLY';
    case 'monthly': return `FREQ=MONTHLY;BYMONTHDAY=${Math.min(31, Math.max(1, Math.round(preset.day) || 1))}`;
    case 'custom': {
      const every = Math.max(1, Math.round(preset.every) || 1);
      return every === 1 ? `FREQ=${preset.unit}` : `FREQ=${preset.unit};INTERVAL=${every}`;
    }
    case 'other': return preset.rule;
  }
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

function list(words: string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A rule in people's words: "Every weekday", "Every week on Monday and Thursday", "Every month on the 15th". */
export function describeRepeat(rule: string | null | undefined): string {
  const preset = presetOf(rule);
  switch (preset.kind) {
    case 'none': return 'Does not repeat';
    case 'daily': return 'Every day';
    case 'weekdays': return 'Every weekday (Monday to Friday)';
    case 'weekly': return preset.days.length ? `Every week on ${list(preset.days.map((day) => weekdayNames[day]))}` : 'Every week';
    case 'monthly': return `Every month on the ${ordinal(preset.day)}`;
    case 'custom': return preset.every === 1 ? `Every ${unitWords[preset.unit][0]}` : `Every ${preset.every} ${unitWords[preset.unit][1]}`;
    case 'other': return 'Repeats on a custom schedule';
  }
}
