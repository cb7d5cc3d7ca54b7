import { describe, expect, it } from 'vitest';
import { appendPage, insertAt, insertNew, newItemsGoLast, removeById, replaceById } from './list-rules';

const list = [
  { id: 1, t: 'a' },
  { id: 2, t: 'b' },
  { id: 3, t: 'c' },
];

describe('list rules (spec §4)', () => {
  it('an updated item replaces the item with the same id, in place', () => {
    expect(replaceById(list, { id: 2, t: 'B' })).toEqual([
      { id: 1, t: 'a' },
      { id: 2, t: 'B' },
      { id: 3, t: 'c' },
    ]);
    expect(replaceById(list, { id: 9, t: 'x' })).toEqual(list);
  });

  it('removals filter by id', () => {
    expect(removeById(list, 2).map((i) => i.id)).toEqual([1, 3]);
  });

  it('a new journal entry or activity is appended', () => {
    expect(insertNew('journal_entry', list, { id: 4, t: 'd' }).map((i) => i.id)).toEqual([1, 2, 3, 4]);
    expect(insertNew('activity', list, { id: 4, t: 'd' }).map((i) => i.id)).toEqual([1, 2, 3, 4]);
  });

  it('position-ordered lists append; newest-first lists put the new record first', () => {
    expect(newItemsGoLast('habit')).toBe(true);
    expect(newItemsGoLast('note')).toBe(false);
    expect(insertNew('note', list, { id: 4, t: 'd' }).map((i) => i.id)).toEqual([4, 1, 2, 3]);
  });

  it('insertAt puts an item back at its index, clamped', () => {
    expect(insertAt(removeById(list, 2), 1, list[1])).toEqual(list);
    expect(insertAt([], 5, list[0])).toEqual([list[0]]);
  });

  it('appendPage skips ids already shown', () => {
    expect(
      appendPage(list, [
        { id: 3, t: 'c' },
        { id: 4, t: 'd' },
      ]).map((i) => i.id),
    ).toEqual([1, 2, 3, 4]);
  });
});
