import { send, isSuccessStatus } from '@lifeboard/shared/api/client';

export interface HabitEntry {
  id: number;
  habit_id: number;
  date: string;
  value: 'yes' | 'skip' | number;
  note: string;
}

function isEntry(value: unknown): value is HabitEntry {
  return typeof value === 'object' && value !== null && typeof (value as HabitEntry).habit_id === 'number' && typeof (value as HabitEntry).date === 'string';
}

/** Check-ins of one habit in a date range (`POST /api/habit/entries`); null when they could not be read. */
export async function fetchHabitEntries(board: number, habitId: number, from: string, to: string): Promise<HabitEntry[] | null> {
  const { status, body } = await send({ method: 'POST', url: '/api/habit/entries', data: { board, params: { habit_id: habitId, from, to } } });
  const entries = typeof body === 'object' && body !== null ? (body as { entries?: unknown }).entries : undefined;
  return isSuccessStatus(status) && Array.isArray(entries) ? entries.filter(isEntry) : null;
}

/** Records (or replaces) today's check-in (`POST /api/habit/checkin`). */
export async function checkIn(board: number, habitId: number, date: string, value: HabitEntry['value']): Promise<boolean> {
  const { status } = await send({ method: 'POST', url: '/api/habit/checkin', data: { board, params: { habit_id: habitId, date, value } } });
  return isSuccessStatus(status);
}
