import type { ApiResult } from '@lifeboard/shared/api/client';
import { createResource } from '@lifeboard/shared/api/resource';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import type { OccurrenceRef } from '../calendar/series-edit';
import { deleteOccurrence } from '../calendar/series-edit';

const planned = () => createResource('plannedactivity');

/** Something in the tray that is not yet a planned activity: it becomes one when it gets a time. */
export interface TrayWork {
  title: string;
  goal_id?: number | null;
}

/** Timeboxes work: a new planned activity at a time, `minutes` long. */
export function timebox(board: number, work: TrayWork, start: Date, minutes: number): Promise<ApiResult<unknown>> {
  const end = new Date(start.getTime() + minutes * 60_000);
  return planned().create(board, {
    title: work.title,
    date: localDate(start),
    start_at: start.toISOString(),
    end_at: end.toISOString(),
    ...(work.goal_id ? { goal_id: work.goal_id } : {}),
  });
}

/** One piece of work waiting for a time: a plan without one, a habit due, a milestone, a project task. */
export interface TrayEntry {
  key: string;
  title: string;
  hint: string;
  work: TrayWork;
  plannedId?: number;
  board?: number;
}

/** Gives a tray entry a time: an existing plan is scheduled, anything else becomes a new plan. */
export function place(board: number, entry: TrayEntry, start: Date, minutes: number): Promise<ApiResult<unknown>> {
  return entry.plannedId && entry.board
    ? schedule(entry.board, entry.plannedId, start, minutes)
    : timebox(board, entry.work, start, minutes);
}

/** Minutes in people's words: "45 min", "2 h", "1 h 30 min". */
export function hoursAndMinutes(total: number): string {
  const minutes = Math.round(total);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** Gives an unscheduled planned activity a time. */
export function schedule(board: number, id: number, start: Date, minutes: number): Promise<ApiResult<unknown>> {
  return planned().update(board, id, {
    date: localDate(start),
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + minutes * 60_000).toISOString(),
  });
}

/**
 * Marks a planned activity done: it becomes an activity (what was done, when, for how long) and the plan
 * points at it (`done_activity_id`). One occurrence of a repeating plan is split off first, so the rest
 * of the series stays to do.
 */
export async function markDone(
  ref: OccurrenceRef,
  title: string,
  start: Date | null,
  end: Date | null,
): Promise<ApiResult<unknown>> {
  const minutes = start && end ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 60_000)) : null;
  const activity = await createResource('activity').create(ref.board, {
    title,
    date: ref.date,
    start_at: start ? start.toISOString() : null,
    end_at: end ? end.toISOString() : null,
    duration_min: minutes,
  });
  if (!activity.ok) return activity;
  const done = { done_activity_id: activity.data.id };
  if (!ref.repeating) return planned().update(ref.board, ref.id, done);
  const series = await planned().get(ref.board, ref.id);
  if (!series.ok) return series;
  const cut = await deleteOccurrence(ref, 'one');
  if (!cut.ok) return cut;
  return planned().create(ref.board, {
    title,
    date: ref.date,
    start_at: start ? start.toISOString() : null,
    end_at: end ? end.toISOString() : null,
    goal_id: series.data.goal_id ?? null,
    ...done,
  });
}
