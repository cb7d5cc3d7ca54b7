import { http, reportUnauthorized, send, isSuccessStatus } from './client';
import type { AnyRecord } from './resource';
import { formatDisplayDay } from '../lib/date-display';
import { localDate } from '../ui/model/local-date';
import type { CheckInValue, HabitHistory, HabitStats, HabitWeek } from '../models/habit-answers';

export type { CheckInValue, HabitDay, HabitHistory, HabitStats, HabitWeek } from '../models/habit-answers';

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

function field<T>(body: unknown, key: string): T | undefined {
  return typeof body === 'object' && body !== null ? (body as Record<string, T>)[key] : undefined;
}

function messageOf(body: unknown): string {
  const message = field<string>(body, 'message');
  return typeof message === 'string' ? message : '';
}

/** A page of habits with their stats and last 7 days (`POST /api/habit/overview`); null when it could not be read. */
export async function fetchHabitOverview(
  board: number,
  params: { date?: string; limit?: number; offset?: number; archived?: boolean } = {},
) {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/habit/overview',
    data: { board, params },
    read: true,
  });
  const habits = field<HabitRow[]>(body, 'habits');
  if (!isSuccessStatus(status) || !Array.isArray(habits)) return null;
  return { habits, nextOffset: field<number | null>(body, 'next_offset') ?? null };
}

export async function fetchHabitStats(board: number, habitId: number, date?: string): Promise<HabitStats | null> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/habit/stats',
    read: true,
    data: { board, params: { habit_id: habitId, ...(date ? { date } : {}) } },
  });
  const stats = field<HabitStats>(body, 'stats');
  return isSuccessStatus(status) && stats ? stats : null;
}

export async function fetchHabitHistory(board: number, habitId: number): Promise<HabitHistory | null> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/habit/history',
    read: true,
    data: { board, params: { habit_id: habitId } },
  });
  const history = field<HabitHistory>(body, 'history');
  return isSuccessStatus(status) && history ? history : null;
}

/** `POST /api/habit/weeks`: each habit's last weeks (done against the week's goal, strength at the end); null on failure. */
export async function fetchHabitWeeks(
  board: number,
  habitIds: number[],
  weeks = 12,
  /** The last day counted (today when absent): a past week's review counts up to its Sunday. */
  date?: string,
): Promise<Map<number, HabitWeek[]> | null> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/habit/weeks',
    read: true,
    data: { board, params: { habit_ids: habitIds, weeks, ...(date ? { date } : {}) } },
  });
  const habits = field<{ habit_id: number; weeks: HabitWeek[] }[]>(body, 'habits');
  if (!isSuccessStatus(status) || !Array.isArray(habits)) return null;
  return new Map(habits.map((h) => [h.habit_id, h.weeks]));
}

/** Records a day's check-in, or removes it (`value` null). Resolves to an error message, or '' when saved. */
export async function saveCheckIn(
  board: number,
  habitId: number,
  date: string,
  value: CheckInValue | null,
  note?: string,
): Promise<string> {
  const answer =
    value === null
      ? await send({
          method: 'POST',
          url: '/api/habit/checkin/remove',
          data: { board, params: { habit_id: habitId, date } },
          offline: {
            label: `Habit check-in removal (${formatDisplayDay(date)})`,
            text: '',
            standIn: () => ({ body: { success: true } }),
          },
        })
      : await send({
          method: 'POST',
          url: '/api/habit/checkin',
          data: { board, params: { habit_id: habitId, date, value, ...(note ? { note } : {}) } },
          // Queued offline like a journal edit or a mood (api/offline-queue.ts).
          offline: {
            label: `Habit check-in (${formatDisplayDay(date)})`,
            text: note ?? '',
            standIn: () => ({ body: { success: true } }),
          },
        });
  if (isSuccessStatus(answer.status)) return '';
  return (
    messageOf(answer.body) ||
    (answer.status === 0 ? 'You seem to be offline.' : `The server answered ${answer.status}.`)
  );
}

/** Pauses a habit from `from` to `to` (null: until resumed), or resumes it from a day (`pause: false`). */
export async function savePause(
  board: number,
  habitId: number,
  range: { from: string; to: string | null } | { resumeFrom: string },
): Promise<string> {
  const answer =
    'resumeFrom' in range
      ? await send({
          method: 'POST',
          url: '/api/habit/resume',
          data: { board, params: { habit_id: habitId, date: range.resumeFrom } },
        })
      : await send({
          method: 'POST',
          url: '/api/habit/pause',
          data: { board, params: { habit_id: habitId, from: range.from, to: range.to } },
        });
  return isSuccessStatus(answer.status) ? '' : messageOf(answer.body) || `The server answered ${answer.status}.`;
}

/** `POST /api/habit/export`: one habit (or all) as Loop Habit Tracker's CSV archive; null when it could not be made. */
export async function fetchLoopExport(board: number, habitId?: number): Promise<{ blob: Blob; name: string } | null> {
  const response = await http.request<unknown>({
    method: 'POST',
    url: '/api/habit/export',
    data: { board, params: habitId ? { habit_id: habitId } : {} },
    responseType: 'blob',
    keepErrorBody: true,
  });
  if (response.status === 401) void reportUnauthorized();
  if (response.status !== 200 || !(response.data instanceof Blob)) return null;
  // Named here, as Loop names its archive: the API's Content-Disposition is not readable across origins.
  return { blob: response.data, name: `Loop Habits CSV ${localDate()}.zip` };
}

export interface LoopImportCounts {
  habits_created: number;
  habits_matched: number;
  checkins_added: number;
  checkins_already_there: number;
}

/** `POST /api/habit/import` with a Loop archive's bytes: the counts, or the server's reason in words. */
export async function importLoopArchive(
  board: number,
  bytes: ArrayBuffer,
): Promise<{ counts: LoopImportCounts } | { error: string }> {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  const { status, body } = await send({
    method: 'POST',
    url: '/api/habit/import',
    data: { board, params: { archive: btoa(binary) } },
  });
  const counts = field<LoopImportCounts>(body, 'imported');
  if (isSuccessStatus(status) && counts) return { counts };
  if (status === 413) return { error: 'This file is too large to import (the limit is 12 MB).' };
  return { error: messageOf(body) || (status === 0 ? 'You seem to be offline.' : `The server answered ${status}.`) };
}
