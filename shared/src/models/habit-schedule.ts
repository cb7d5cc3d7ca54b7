/**
 * A habit's schedule in the words people use, both ways: the create/edit form's choices ("3 times a week",
 * "Every 2 days", fixed weekdays…) to the stored N-in-D frequency and back, and one sentence for lists.
 */
export type ScheduleChoice =
  | { type: 'daily' }
  | { type: 'week'; times: number }
  | { type: 'month'; times: number }
  | { type: 'every'; days: number }
  | { type: 'weekdays'; days: number[] }
  | { type: 'custom'; times: number; days: number };

/** For numeric habits: the period the target is counted over. */
export type AmountPeriod = 'day' | 'week' | 'month';

export interface StoredSchedule {
  frequency_num: number;
  frequency_den: number;
  weekdays: number[];
}

export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const short = (day: number) => weekdayNames[day].slice(0, 3);

export function scheduleToStored(choice: ScheduleChoice): StoredSchedule {
  switch (choice.type) {
    case 'daily':
      return { frequency_num: 1, frequency_den: 1, weekdays: [] };
    case 'week':
      return { frequency_num: choice.times, frequency_den: 7, weekdays: [] };
    case 'month':
      return { frequency_num: choice.times, frequency_den: 30, weekdays: [] };
    case 'every':
      return { frequency_num: 1, frequency_den: choice.days, weekdays: [] };
    case 'weekdays':
      return { frequency_num: 1, frequency_den: 1, weekdays: [...choice.days].sort((a, b) => a - b) };
    case 'custom':
      return { frequency_num: choice.times, frequency_den: choice.days, weekdays: [] };
  }
}

export function storedToSchedule(habit: Record<string, unknown>): ScheduleChoice {
  const num = typeof habit.frequency_num === 'number' ? habit.frequency_num : 1;
  const den = typeof habit.frequency_den === 'number' ? habit.frequency_den : 1;
  const weekdays = Array.isArray(habit.weekdays)
    ? habit.weekdays.filter((d): d is number => typeof d === 'number')
    : [];
  if (num === 1 && den === 1)
    return weekdays.length > 0 && weekdays.length < 7 ? { type: 'weekdays', days: weekdays } : { type: 'daily' };
  if (den === 7) return { type: 'week', times: num };
  if (den === 30) return { type: 'month', times: num };
  if (num === 1) return { type: 'every', days: den };
  return { type: 'custom', times: num, days: den };
}

export const amountPeriodDays: Record<AmountPeriod, number> = { day: 1, week: 7, month: 30 };

export function amountPeriodOf(habit: Record<string, unknown>): AmountPeriod {
  return habit.frequency_den === 7 ? 'week' : habit.frequency_den === 30 ? 'month' : 'day';
}

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Every day", "3 times a week", "On Mon, Wed and Fri", "At least 8 glasses per day"… */
export function describeSchedule(habit: Record<string, unknown>): string {
  if (habit.kind === 'at_least' || habit.kind === 'at_most') {
    const target = typeof habit.target === 'number' ? habit.target : 0;
    const unit = typeof habit.unit === 'string' && habit.unit ? ` ${habit.unit}` : '';
    const den = typeof habit.frequency_den === 'number' ? habit.frequency_den : 1;
    const period = den === 1 ? 'per day' : den === 7 ? 'per week' : den === 30 ? 'per month' : `in ${den} days`;
    return `${habit.kind === 'at_least' ? 'At least' : 'At most'} ${target}${unit} ${period}`;
  }
  const choice = storedToSchedule(habit);
  switch (choice.type) {
    case 'daily':
      return 'Every day';
    case 'week':
      return capital(`${times(choice.times)} a week`);
    case 'month':
      return capital(`${times(choice.times)} a month`);
    case 'every':
      return `Every ${choice.days} days`;
    case 'weekdays': {
      const names = choice.days.map(short);
      return `On ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}`;
    }
    case 'custom':
      return capital(`${times(choice.times)} in ${choice.days} days`);
  }
}

/** How a habit's reminders reach its owner when it never chose (habits made before the choice existed, too). */
export const defaultHabitChannels = ['email', 'bell', 'push'] as const;

/** The channels as a sentence names them. */
const channelWords: Record<string, string> = {
  email: 'e-mail',
  bell: 'the bell',
  push: 'push notification',
  sms: 'text message',
};

const list = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');

/** "Reminds you at 07:30 and 21:00 by e-mail and text message.", or null for a habit with no reminder time. */
export function describeReminders(habit: Record<string, unknown>): string | null {
  const at = Array.isArray(habit.reminder_times) ? habit.reminder_times.map(String) : [];
  if (!at.length) return null;
  const chosen = Array.isArray(habit.reminder_channels) ? habit.reminder_channels.map(String) : defaultHabitChannels;
  const by = chosen.map((channel) => channelWords[channel]).filter((words): words is string => words !== undefined);
  return by.length
    ? `Reminds you at ${list(at)} by ${list(by)}.`
    : `Reminder times ${list(at)}, but no way to reach you is chosen.`;
}

/** "12 days", "3 weeks", "1 period of 10 days": a streak in its unit. */
export function describeStreak(count: number, unit: 'day' | 'week' | 'month' | 'period', periodDays: number): string {
  if (unit === 'period') return `${count} ${count === 1 ? 'period' : 'periods'} of ${periodDays} days`;
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
