import type { ApiResult } from '@lifeboard/shared/api/client';
import { ApiError } from '@lifeboard/shared/api/errors';
import { createResource, type AnyRecord } from '@lifeboard/shared/api/resource';
import { endRuleBefore } from '@lifeboard/shared/lib/repeat-rule';
import { localDate } from '@lifeboard/shared/ui/model/local-date';

/*
 * Changing one occurrence of a repeating event or planned activity: "this one" removes the date from the
 * series (skip_dates) and, for a move, adds a single copy at the new time; "this and all future ones" ends
 * the series the day before and, for a move, starts a new series at the new time.
 */

export type SeriesKind = 'event' | 'planned';
export type Scope = 'one' | 'future' | 'all';
const modelOf = (kind: SeriesKind) => (kind === 'event' ? 'event' : 'plannedactivity');

export interface OccurrenceRef {
  kind: SeriesKind;
  id: number;
  board: number;
  date: string;
  repeating: boolean;
}
export interface NewTime {
  start: Date;
  end: Date | null;
  allDay: boolean;
}

const fail = (message: string): ApiResult<never> => ({ ok: false, status: 0, error: new ApiError(message, 0) });

/** The fields that place a record at a time: events keep instants; planned activities a date and optional times. */
export function timeFields(kind: SeriesKind, time: NewTime): Record<string, unknown> {
  if (kind === 'event')
    return {
      start_at: time.start.toISOString(),
      end_at: time.end ? time.end.toISOString() : null,
      all_day: time.allDay,
    };
  return {
    date: localDate(time.start),
    start_at: time.allDay ? null : time.start.toISOString(),
    end_at: time.allDay || !time.end ? null : time.end.toISOString(),
  };
}

/**
 * The fields of a record a copy keeps: everything but the ids, timestamps and series bookkeeping. A copy is always
 * Lifeboard's own (no `source`/`external_id`): events of a connected calendar are never rows here; their occurrences
 * are changed on their server through the calendar API (CalendarPage, `/api/calendar/caldav/events/*`).
 */
function copyOf(record: AnyRecord): Record<string, unknown> {
  const skip = new Set([
    'id',
    'user_id',
    'board_id',
    'created_at',
    'updated_at',
    'position',
    'skip_dates',
    'done_activity_id',
    'external_id',
    'source',
  ]);
  return Object.fromEntries(Object.entries(record).filter(([key, value]) => !skip.has(key) && value !== undefined));
}

async function load(ref: OccurrenceRef): Promise<ApiResult<AnyRecord>> {
  return createResource(modelOf(ref.kind)).get(ref.board, ref.id);
}

/** Deletes one occurrence, it and all later ones, or the whole series. */
export async function deleteOccurrence(ref: OccurrenceRef, scope: Scope): Promise<ApiResult<unknown>> {
  const resource = createResource(modelOf(ref.kind));
  if (!ref.repeating || scope === 'all') return resource.remove(ref.board, ref.id);
  const found = await load(ref);
  if (!found.ok) return found;
  const record = found.data;
  if (scope === 'one') {
    const skipped = Array.isArray(record.skip_dates) ? record.skip_dates.map(String) : [];
    return resource.update(ref.board, ref.id, { skip_dates: [...new Set([...skipped, ref.date])].sort() });
  }
  const first = ref.kind === 'planned' ? String(record.date ?? '') : localDate(new Date(String(record.start_at)));
  // Ending a series before its first occurrence leaves nothing of it.
  if (ref.date <= first) return resource.remove(ref.board, ref.id);
  return resource.update(ref.board, ref.id, { repeat: endRuleBefore(String(record.repeat ?? ''), ref.date) });
}

/** Moves (or resizes) one occurrence, it and all later ones, or a single item. */
export async function moveOccurrence(ref: OccurrenceRef, time: NewTime, scope: Scope): Promise<ApiResult<unknown>> {
  const resource = createResource(modelOf(ref.kind));
  if (!ref.repeating) return resource.update(ref.board, ref.id, timeFields(ref.kind, time));
  if (scope === 'all') return fail('Choose "this one" or "this and all future ones" to move a repeating item.');
  const found = await load(ref);
  if (!found.ok) return found;
  const copy = {
    ...copyOf(found.data),
    ...timeFields(ref.kind, time),
    repeat: scope === 'one' ? null : found.data.repeat,
  };
  const cut = await deleteOccurrence(ref, scope);
  if (!cut.ok) return cut;
  return resource.create(ref.board, copy);
}
