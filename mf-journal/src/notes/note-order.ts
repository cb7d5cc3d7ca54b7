/** How /notes orders and filters its list: pinned notes first, then the chosen order. */
export type NoteSort = 'updated' | 'created' | 'title';

export const noteSorts: { value: NoteSort; label: string }[] = [
  { value: 'updated', label: 'Last updated' },
  { value: 'created', label: 'Newest' },
  { value: 'title', label: 'Title (A–Z)' },
];

interface SortableNote {
  id: number;
  title?: string | null;
  pinned?: boolean | null;
  category_id?: number | null;
  created_at: string;
  updated_at: string;
}

const titleCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compare<N extends SortableNote>(sort: NoteSort): (a: N, b: N) => number {
  switch (sort) {
    case 'title':
      // Untitled notes go last; equal titles newest first.
      return (a, b) => {
        const ta = a.title?.trim() ?? '';
        const tb = b.title?.trim() ?? '';
        if (!ta !== !tb) return ta ? -1 : 1;
        return titleCollator.compare(ta, tb) || b.created_at.localeCompare(a.created_at);
      };
    case 'created':
      return (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id;
    case 'updated':
      return (a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id;
  }
}

/** Pinned first, each part in the chosen order; a new array (the store's list is never mutated). */
export function sortNotes<N extends SortableNote>(notes: readonly N[], sort: NoteSort): N[] {
  const order = compare<N>(sort);
  return [...notes].sort((a, b) => Number(Boolean(b.pinned)) - Number(Boolean(a.pinned)) || order(a, b));
}

/** The notes of one category (null: all notes). */
export function inCategory<N extends SortableNote>(notes: readonly N[], categoryId: number | null): N[] {
  return categoryId === null ? [...notes] : notes.filter((note) => note.category_id === categoryId);
}

export function isNoteSort(value: string | null): value is NoteSort {
  return value === 'updated' || value === 'created' || value === 'title';
}
