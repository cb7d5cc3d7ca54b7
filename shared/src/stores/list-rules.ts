import { traitsOf } from '../models/traits';

/** The list rules of spec §4, as pure functions over arrays of records with ids. */

export interface WithId {
  id: number;
}

/** An updated item replaces the item with the same id; a list without it is returned unchanged. */
export function replaceById<T extends WithId>(list: readonly T[], item: T): T[] {
  return list.map((existing) => (existing.id === item.id ? item : existing));
}

/** Removals filter by id. */
export function removeById<T extends WithId>(list: readonly T[], id: number): T[] {
  return list.filter((existing) => existing.id !== id);
}

/**
 * Where a new record goes. The spec appends a new journal entry or activity; lists ordered by
 * `position` also grow at the end; other lists are newest first, so a new record leads.
 */
export function newItemsGoLast(modelName: string): boolean {
  if (modelName === 'journal_entry' || modelName === 'activity') return true;
  return traitsOf(modelName)?.positional === true;
}

export function insertNew<T extends WithId>(modelName: string, list: readonly T[], item: T): T[] {
  const rest = removeById(list, item.id);
  return newItemsGoLast(modelName) ? [...rest, item] : [item, ...rest];
}

/** Puts an item back where it was (undo, rollback), clamped to the list's current length. */
export function insertAt<T extends WithId>(list: readonly T[], index: number, item: T): T[] {
  const rest = removeById(list, item.id);
  const at = Math.max(0, Math.min(index, rest.length));
  return [...rest.slice(0, at), item, ...rest.slice(at)];
}

/** A further page (keyset `loadMore`): appended, skipping ids already shown. */
export function appendPage<T extends WithId>(list: readonly T[], page: readonly T[]): T[] {
  const seen = new Set(list.map((item) => item.id));
  return [...list, ...page.filter((item) => !seen.has(item.id))];
}
