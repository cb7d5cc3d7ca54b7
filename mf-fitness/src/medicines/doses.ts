/**
 * A medicine's schedule and dose log: which doses were due, which were taken or missed, and the adherence.
 * Times are wall-clock times in the reader's time zone; a dose slot is named `YYYY-MM-DDTHH:MM`.
 */

export interface Intake {
  at: string;
  note?: string;
  status?: 'taken' | 'missed';
  due?: string;
}

export interface Schedule {
  times: string[];
  days: number[];
}

const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const shortDays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The schedule as it is stored on a medicine record (missing lists are empty). */
export function scheduleOf(record: Record<string, unknown>): Schedule {
  const times = Array.isArray(record.times) ? (record.times as string[]).filter((t) => /^\d{2}:\d{2}$/.test(t)) : [];
  const days = Array.isArray(record.days)
    ? (record.days as number[]).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6)
    : [];
  return { times: [...new Set(times)].sort(), days: [...new Set(days)].sort((a, b) => a - b) };
}

/** "8:00 AM" style is the reader's; we write the 24-hour time people type: "08:00". */
const timesText = (times: string[]) =>
  times.length === 1 ? times[0] : `${times.slice(0, -1).join(', ')} and ${times.at(-1)}`;

/** "Every day at 08:00 and 20:00", "Mon, Wed and Fri at 09:00", "As needed". */
export function describeSchedule({ times, days }: Schedule): string {
  if (times.length === 0) return 'As needed (no set times)';
  const when =
    days.length === 0 || days.length === 7
      ? 'Every day'
      : days.length === 1
        ? `Every ${dayNames[days[0]]}`
        : `${days
            .slice(0, -1)
            .map((d) => shortDays[d])
            .join(', ')} and ${shortDays[days[days.length - 1]]}`;
  return `${when} at ${timesText(times)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOfDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The dose slots due from `fromDay` to `toDay` (`YYYY-MM-DD`, both included), oldest first. */
export function dueSlots(schedule: Schedule, fromDay: string, toDay: string): string[] {
  const slots: string[] = [];
  const [y, m, d] = fromDay.split('-').map(Number);
  for (
    let date = new Date(y, m - 1, d);
    dayOfDate(date) <= toDay;
    date = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1)
  ) {
    if (schedule.days.length && !schedule.days.includes(date.getDay())) continue;
    for (const time of schedule.times) slots.push(`${dayOfDate(date)}T${time}`);
  }
  return slots;
}

/** The instant a slot falls at in the reader's time zone. */
export const slotTime = (slot: string) => new Date(`${slot}:00`).getTime();

export type DoseState = 'taken' | 'missed' | 'open' | 'not logged';

/** A due dose: taken or missed as logged; still open until its time has passed, then "not logged". */
export function doseState(
  slot: string,
  intakes: readonly Intake[],
  now: number,
): { state: DoseState; intake?: Intake } {
  const intake = [...intakes].reverse().find((i) => i.due === slot);
  if (intake) return { state: intake.status === 'missed' ? 'missed' : 'taken', intake };
  return { state: slotTime(slot) > now ? 'open' : 'not logged' };
}

export interface Adherence {
  due: number;
  taken: number;
  missed: number;
  notLogged: number;
  percent: number | null;
}

/**
 * Of the doses due in the period whose time has come, how many were taken. A dose not logged counts as not
 * taken; null when none was due.
 */
export function adherence(
  schedule: Schedule,
  intakes: readonly Intake[],
  fromDay: string,
  toDay: string,
  now: number,
): Adherence {
  const past = dueSlots(schedule, fromDay, toDay).filter((slot) => slotTime(slot) <= now);
  const states = past.map((slot) => doseState(slot, intakes, now).state);
  const taken = states.filter((s) => s === 'taken').length;
  return {
    due: past.length,
    taken,
    missed: states.filter((s) => s === 'missed').length,
    notLogged: states.filter((s) => s === 'not logged').length,
    percent: past.length ? Math.round((taken / past.length) * 100) : null,
  };
}

/** The RRULE of a reminder for one time of the schedule: daily, or weekly on its days. */
export function reminderRule(schedule: Schedule): string {
  const byDay = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
  return schedule.days.length === 0 || schedule.days.length === 7
    ? 'FREQ=DAILY'
    : `FREQ=WEEKLY;BYDAY=${schedule.days.map((d) => byDay[d]).join(',')}`;
}

/** The next instant at `time` (today if still ahead, else tomorrow) on one of the days, from `now`. */
export function nextAt(schedule: Schedule, time: string, now: number): string {
  const [h, m] = time.split(':').map(Number);
  const start = new Date(now);
  for (let add = 0; add < 8; add += 1) {
    const candidate = new Date(start.getFullYear(), start.getMonth(), start.getDate() + add, h, m);
    if (candidate.getTime() > now && (schedule.days.length === 0 || schedule.days.includes(candidate.getDay())))
      return candidate.toISOString();
  }
  return new Date(now).toISOString();
}
