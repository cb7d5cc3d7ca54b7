import type { WritableAtom } from 'nanostores';
import type { CalendarConnection, CalendarEvent } from '../api/calendar';
import type { Muscle } from '../api/muscles';
import type { AnyRecord, ModelRecord } from '../api/resource';
import { persistentAtom, storageKeyPrefix } from './persistent';

/**
 * The per-board store of spec §3 that is not a model list (the lists are collections, see collection.ts).
 * Everything here is persisted in localStorage and emptied by `clearData()`.
 */

function isNullableRecord(value: unknown): value is AnyRecord | null {
  return value === null || (typeof value === 'object' && typeof (value as { id?: unknown }).id === 'number');
}
function isArray<T>(value: unknown): value is T[] {
  return Array.isArray(value);
}

const key = (name: string) => `${storageKeyPrefix}data:${name}`;

/** An encrypted record is shown decrypted: it stays in memory, never in localStorage in the clear. */
const plainOnly = <R extends { encrypted?: boolean | null }>(record: R | null): R | null =>
  record?.encrypted ? null : record;

export const $currentNote = persistentAtom<ModelRecord<'note'> | null>(key('currentNote'), null, isNullableRecord, {
  keep: plainOnly,
});
export const $currentJournalEntry = persistentAtom<ModelRecord<'journal_entry'> | null>(
  key('currentJournalEntry'),
  null,
  isNullableRecord,
  { keep: plainOnly },
);
export const $calendarEvents = persistentAtom<CalendarEvent[]>(key('calendarEvents'), [], isArray<CalendarEvent>);
/** The calendars the user subscribed to (`/calendar/connections`), so the calendar can name them at once. */
export const $calendarConnections = persistentAtom<CalendarConnection[]>(
  key('calendarConnections'),
  [],
  isArray<CalendarConnection>,
);
/** The built-in muscle catalogue (not per user, but kept with the rest so the body map shows at once). */
export const $muscles = persistentAtom<Muscle[]>(key('muscles'), [], isArray<Muscle>);

/** Resetters of every per-board store; collections add theirs when created. */
const resetters = new Set<() => void>();

export function registerClearable(reset: () => void): () => void {
  resetters.add(reset);
  return () => resetters.delete(reset);
}

function resetTo<T>($store: WritableAtom<T>, value: T): void {
  $store.set(value);
}

registerClearable(() => {
  resetTo($currentNote, null);
  resetTo($currentJournalEntry, null);
  resetTo($calendarEvents, []);
  resetTo($calendarConnections, []);
});

/** Empties every per-board store (spec §4: on board switch, on logout, on a 401 while loading). */
export function clearData(): void {
  for (const reset of resetters) reset();
}
