import { describe, expect, it } from 'vitest';
import { inCategory, isNoteSort, sortNotes } from './note-order';

const note = (
  id: number,
  title: string,
  created: string,
  updated: string,
  pinned = false,
  category_id: number | null = null,
) => ({
  id,
  title,
  pinned,
  category_id,
  created_at: `2026-11-${created}T10:00:00.000Z`,
  updated_at: `2026-11-${updated}T10:00:00.000Z`,
});

const notes = [
  note(1, 'banana', '01', '20'),
  note(2, 'Apple', '05', '06', false, 4),
  note(3, 'cherry', '03', '03', true, 4),
  note(4, '', '10', '10'),
  note(5, 'apple 10', '02', '02'),
  note(6, 'apple 9', '02', '21', true),
];

const ids = (list: { id: number }[]) => list.map((n) => n.id);

describe('sortNotes', () => {
  it('puts pinned notes first, then the most recently updated', () => {
    expect(ids(sortNotes(notes, 'updated'))).toEqual([6, 3, 1, 4, 2, 5]);
  });

  it('sorts by creation, newest first', () => {
    expect(ids(sortNotes(notes, 'created'))).toEqual([3, 6, 4, 2, 5, 1]);
  });

  it('sorts by title ignoring case, numbers in order, untitled last', () => {
    expect(ids(sortNotes(notes, 'title'))).toEqual([6, 3, 2, 5, 1, 4]);
  });

  it('never changes the list it is given', () => {
    const before = ids(notes);
    sortNotes(notes, 'title');
    expect(ids(notes)).toEqual(before);
  });
});

describe('inCategory', () => {
  it('keeps the notes of one category, or all', () => {
    expect(ids(inCategory(notes, 4))).toEqual([2, 3]);
    expect(ids(inCategory(notes, null))).toHaveLength(6);
  });

  it('knows the sorts', () => {
    expect(isNoteSort('title')).toBe(true);
    expect(isNoteSort('random')).toBe(false);
  });
});
