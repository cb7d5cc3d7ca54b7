import { send, isSuccessStatus } from './client';
import type { AnyRecord } from './resource';

/** One check-in's value: done, skipped, or an amount (numeric habits). */
export type CheckInValue = 'yes' | 'skip' | number;

export interface HabitDay {
  date: string;
  state: 'done' | 'skipped' | 'paused' | 'off' | 'missed' | 'none';
  value: CheckInValue | null;
  note: string;
}

/** The server's numbers for a habit (`POST /api/habit/stats`): screens show these, never their own. */
export interface HabitStats {
  as_of: string;
  score: number;
  current_streak: number;
  best_streak: number;
  streak_unit: 'day' | 'week' | 'month' | 'period';
  period_days: number;
  total_checkins: number;
  first_date: string | null;
  paused_today: boolean;
  due_today: boolean;
  period_done: number;
  period_goal: number;
  last7: HabitDay[];
}

export interface HabitRow {
  habit: AnyRecord;
  stats: HabitStats;
}

export interface HabitEntry {
  id: number;
  habit_id: number;
  date: string;
  value: CheckInValue;
  note: string;
}

export interface HabitHistory {
  scores: [string, number][];
  by_weekday: number[];
  entries: { date: string; value: CheckInValue; note: string }[];
}

function field<T>(body: unknown, key: string): T | undefined {
  return typeof body === 'object' && body !== null ? (body as Record<string, T>)[key] : undefined;
}

function messageOf(body: unknown): string {
  const message = field<string>(body, 'message');
  return typeof message === 'string' ? message : '';
}

/** A page of habits with their stats and last 7 days (`POST /api/habit/overview`); null when it could not be read. */
export async function fetchHabitOverview(board: number, params: { date?: string; limit?: number; offset?: number; archived?: boolean } = {}) {
  const { status, body } = await send({ method: 'POST', url: '/api/habit/overview', data: { board, params } });
  const habits = field<HabitRow[]>(body, 'habits');
  if (!isSuccessStatus(status) || !Array.isArray(habits)) return null;
  return { habits, nextOffset: field<number | null>(body, 'next_offset') ?? null };
}

export async function fetchHabitStats(board: number, habitId: number, date?: string): Promise<HabitStats | null> {
  const { status, body } = await send({ method: 'POST', url: '/api/habit/stats', data: { board, params: { habit_id: habitId, ...(date ? { date } : {}) } } });
  const stats = field<HabitStats>(body, 'stats');
  return isSuccessStatus(status) && stats ? stats : null;
}

export async function fetchHabitHistory(board: number, habitId: number): Promise<HabitHistory | null> {
  const { status, body } = await send({ method: 'POST', url: '/api/habit/history', data: { board, params: { habit_id: habitId } } });
  const history = field<HabitHistory>(body, 'history');
  return isSuccessStatus(status) && history ? history : null;
}

/** Records a day's check-in, or removes it (`value` null). Resolves to an error message, or '' when saved. */
export async function saveCheckIn(board: number, habitId: number, date: string, value: CheckInValue | null, note?: string): Promise<string> {
  const answer = value === null
    ? await send({ method: 'POST', url: '/api/habit/checkin/remove', data: { board, params: { habit_id: habitId, date } } })
    : await send({ method: 'POST', url: '/api/habit/checkin', data: { board, params: { habit_id: habitId, date, value, ...(note ? { note } : {}) } } });
  if (isSuccessStatus(answer.status)) return '';
  return messageOf(answer.body) || (answer.status === 0 ? 'You seem to be offline.' : `The server answered ${answer.status}.`);
}

/** Pauses a habit from `from` to `to` (null: until resumed), or resumes it from a day (`pause: false`). */
export async function savePause(board: number, habitId: number, range: { from: string; to: string | null } | { resumeFrom: string }): Promise<string> {
  const answer = 'resumeFrom' in range
    ? await send({ method: 'POST', url: '/api/habit/resume', data: { board, params: { habit_id: habitId, date: range.resumeFrom } } })
    : await send({ method: 'POST', url: '/api/habit/pause', data: { board, params: { habit_id: habitId, from: range.from, to: range.to } } });
  return isSuccessStatus(answer.status) ? '' : messageOf(answer.body) || `The server answered ${answer.status}.`;
}
