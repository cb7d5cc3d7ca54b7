/*
 * Repeat presets and the RRULEs they write. People pick "weekdays" or "weekly on Mon and Thu"; the RRULE is
 * what the server expands. Only rules these presets can show are read back as presets; anything else is
 * "custom" and kept as it is.
 */

export type RepeatPreset = 'none' | 'daily' | 'weekdays' | 'weekly' | 'monthly' | 'custom';

export interface RepeatChoice {
  preset: RepeatPreset;
  /** For `weekly`: 0 = Sunday … 6 = Saturday. */
  days: number[];
  /** For `custom`: every N units. */
  interval: number;
  unit: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  /** The last date (`YYYY-MM-DD`) an occurrence may fall on; empty: forever. */
  until: string;
}

const byDay = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const dayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const unitWords: Record<RepeatChoice['unit'], [string, string]> = {
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  YEARLY: ['year', 'years'],
};

export const emptyRepeat: RepeatChoice = { preset: 'none', days: [], interval: 1, unit: 'WEEKLY', until: '' };

function parts(rule: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of rule.replace(/^RRULE:/, '').split(';')) {
    const [key, value] = part.split('=');
    if (key && value !== undefined) map.set(key, value);
  }
  return map;
}

const untilOf = (map: Map<string, string>) => {
  const until = map.get('UNTIL');
  return until && /^\d{8}/.test(until) ? `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` : '';
};

/** The choice a stored rule reads as; null or empty: no repeat. */
export function parseRepeat(rule: string | null | undefined): RepeatChoice {
  if (!rule) return { ...emptyRepeat };
  const map = parts(rule);
  const freq = map.get('FREQ') ?? '';
  const interval = Number(map.get('INTERVAL') ?? '1') || 1;
  const until = untilOf(map);
  const days = (map.get('BYDAY') ?? '')
    .split(',')
    .filter(Boolean)
    .map((d) => byDay.indexOf(d));
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'UNTIL']);
  const unit = (['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(freq) ? freq : 'WEEKLY') as RepeatChoice['unit'];
  const base = { ...emptyRepeat, interval, unit, until, days: days.filter((d) => d >= 0) };
  if ([...map.keys()].some((key) => !known.has(key)) || days.includes(-1)) return { ...base, preset: 'custom' };
  if (interval === 1 && freq === 'DAILY' && days.length === 0) return { ...base, preset: 'daily' };
  if (interval === 1 && freq === 'WEEKLY' && days.join() === '1,2,3,4,5') return { ...base, preset: 'weekdays' };
  if (interval === 1 && freq === 'WEEKLY') return { ...base, preset: 'weekly' };
  if (interval === 1 && freq === 'MONTHLY' && days.length === 0) return { ...base, preset: 'monthly' };
  return { ...base, preset: 'custom' };
}

/** The RRULE a choice writes; null for no repeat. */
export function repeatRule(choice: RepeatChoice): string | null {
  const until = choice.until ? `;UNTIL=${choice.until.replace(/-/g, '')}T235959Z` : '';
  const days = (list: number[]) =>
    [...new Set(list)]
      .sort((a, b) => a - b)
      .map((d) => byDay[d])
      .join(',');
  switch (choice.preset) {
    case 'none':
      return null;
    case 'daily':
      return `FREQ=DAILY${until}`;
    case 'weekdays':
      return `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR${until}`;
    case 'weekly':
      return `FREQ=WEEKLY${choice.days.length ? `;BYDAY=${days(choice.days)}` : ''}${until}`;
    case 'monthly':
      return `FREQ=MONTHLY${until}`;
    case 'custom': {
      const interval = Math.max(1, Math.min(999, Math.round(choice.interval) || 1));
      const weekDays = choice.unit === 'WEEKLY' && choice.days.length ? `;BYDAY=${days(choice.days)}` : '';
      return `FREQ=${choice.unit}${interval > 1 ? `;INTERVAL=${interval}` : ''}${weekDays}${until}`;
    }
  }
}

/** A rule in words: "Every weekday", "Weekly on Mon, Thu", "Every 2 weeks until 2026-12-31". */
export function describeRepeat(rule: string | null | undefined): string {
  if (!rule) return 'Does not repeat';
  const choice = parseRepeat(rule);
  const until = choice.until ? ` until ${choice.until}` : '';
  const on = choice.days.length ? ` on ${choice.days.map((d) => dayNames[d]).join(', ')}` : '';
  switch (choice.preset) {
    case 'daily':
      return `Every day${until}`;
    case 'weekdays':
      return `Every weekday${until}`;
    case 'weekly':
      return `Weekly${on}${until}`;
    case 'monthly':
      return `Monthly${until}`;
    default: {
      const [one, many] = unitWords[choice.unit];
      return `Every ${choice.interval > 1 ? `${choice.interval} ${many}` : one}${choice.unit === 'WEEKLY' ? on : ''}${until}`;
    }
  }
}

/** The rule of a series cut so its last occurrence is the day before `date` ("this and all future ones" change). */
export function endRuleBefore(rule: string, date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  const until = `${day.toISOString().slice(0, 10).replace(/-/g, '')}T235959Z`;
  const kept = rule
    .replace(/^RRULE:/, '')
    .split(';')
    .filter((part) => !part.startsWith('UNTIL=') && !part.startsWith('COUNT='));
  return [...kept, `UNTIL=${until}`].join(';');
}
