const pad = (n: number) => String(n).padStart(2, '0');

/** A day as `YYYY-MM-DD` in the browser's time zone (today by default). */
export function localDate(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day `days` after (or before, if negative) `from`, as `YYYY-MM-DD`. */
export function addDays(from: string, days: number): string {
  const [y, m, d] = from.split('-').map(Number);
  return localDate(new Date(y, m - 1, d + days));
}

/** The Monday of the week `day` is in (weeks run Monday to Sunday), as `YYYY-MM-DD`. */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return addDays(day, -((new Date(y, m - 1, d, 12).getDay() + 6) % 7));
}
