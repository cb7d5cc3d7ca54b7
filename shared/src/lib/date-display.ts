import { isTimeZone, wallTimeOf } from './time-zone';

/** Spec §9: 'Day, Mon 1st 2024 @ time' — English abbreviations (April is 'Apl'), ordinal day, 12-hour clock. */

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const monthAbbreviations = [
  'Jan',
  'Feb',
  'Mar',
  'Apl',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** Months as screens name them outside the spec's date format: "November", "Nov". */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const shortMonthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** 1st 2nd 3rd 4th … 11th 12th 13th … 21st 22nd 23rd … 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

/**
 * Formats an instant for display in `timeZone` (an IANA name; the browser's zone when absent, read from the
 * date itself), e.g. 'Sun, Nov 22nd 2026 @ 5:45 PM'. An invalid date or unknown zone gives ''.
 */
export function formatDisplayDate(date: Date | string | number, timeZone?: string): string {
  const instant = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(instant.getTime())) return '';
  if (!timeZone)
    return displayOf(
      instant.getDay(),
      instant.getMonth(),
      instant.getDate(),
      instant.getFullYear(),
      instant.getHours(),
      instant.getMinutes(),
    );
  if (!isTimeZone(timeZone)) return '';
  const wall = wallTimeOf(instant, timeZone);
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  return displayOf(weekday, wall.month - 1, wall.day, wall.year, wall.hour, wall.minute);
}

/**
 * The display from a date's fields (weekday 0 = Sunday, month 0 = January, hours 0–23): from the date itself in
 * the browser's zone, with no Intl formatter (the first one a page makes loads the locale's data; profiled:
 * ~25 ms of a cold /journal, most of the list's render), or from its wall time in a named zone.
 */
function displayOf(weekday: number, month: number, day: number, year: number, hours: number, minutes: number): string {
  const hour = hours % 12 || 12;
  return `${weekdayNames[weekday]}, ${monthAbbreviations[month]} ${ordinal(day)} ${year} @ ${hour}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * A day for display, spec §9 without the time: 'Sun, Nov 22nd 2026'. A plain `YYYY-MM-DD` is that calendar day;
 * an instant is its day in the browser's zone. Invalid input gives ''.
 */
export function formatDisplayDay(date: Date | string): string {
  const plain = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  const day = plain
    ? new Date(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3]))
    : date instanceof Date
      ? date
      : new Date(date);
  if (Number.isNaN(day.getTime())) return '';
  return `${weekdayNames[day.getDay()]}, ${monthAbbreviations[day.getMonth()]} ${ordinal(day.getDate())} ${day.getFullYear()}`;
}

/**
 * How long ago an instant was, in words: 'just now', '2 minutes ago', '3 hours ago', 'yesterday', '4 days ago';
 * older than a week, the day itself ('on Sun, Nov 22nd 2026'). Invalid input gives ''.
 */
export function formatTimeAgo(date: Date | string, now: Date = new Date()): string {
  const instant = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(instant.getTime())) return '';
  const seconds = Math.max(0, Math.round((now.getTime() - instant.getTime()) / 1000));
  if (seconds < 45) return 'just now';
  const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return words.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return words.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days <= 7) return words.format(-days, 'day');
  return `on ${formatDisplayDay(instant)}`;
}
