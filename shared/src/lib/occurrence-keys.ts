/**
 * Keys for the items of a stored list that have no id of their own (a project's tasks, a workout's exercises):
 * its place among the items of the same identity, and that identity ("1:Clean", "2:Clean"). A key follows
 * its item when the list is reordered or another item is added or removed, so React and dnd-kit keep the same
 * row for it; an index would hand a row to another item after a move.
 */
export function occurrenceKeys<T>(items: readonly T[], identity: (item: T) => string): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const id = identity(item);
    const count = (seen.get(id) ?? 0) + 1;
    seen.set(id, count);
    // The count comes first and ends at the first colon, so no two items share a key whatever their identities.
    return `${count}:${id}`;
  });
}
