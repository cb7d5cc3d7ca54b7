import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { $currentNote } from '@lifeboard/shared/stores/data';
import { Checkbox, Select } from '@lifeboard/shared/ui/fields';
import { DocumentPage } from '../editor/DocumentPage';

export interface NoteEditorPageProps {
  /** The note's id, or null for a new note. */
  id: number | null;
  /** The category a new note starts in (the list's filter). */
  categoryId?: number | null;
  onCreated: (id: number) => void;
  onClose: () => void;
}

/** One note being written: title, category, pin and text, saved as you type. */
export function NoteEditorPage({ id, categoryId = null, onCreated, onClose }: NoteEditorPageProps) {
  const categories = useStore(getCollection('category').$items);
  const defaults = useMemo(() => ({ title: '', pinned: false, category_id: categoryId }), [categoryId]);
  const categoryOptions = useMemo(
    () => categories.map((c) => ({ value: String(c.id), label: c.name ?? `Category ${c.id}` })),
    [categories],
  );
  return (
    <DocumentPage
      model="note"
      id={id}
      current={$currentNote}
      defaults={defaults}
      bodyLabel="Note text"
      onCreated={onCreated}
      onClose={onClose}
      renderFields={(values, set) => (
        <div className="lb-note-fields">
          <Select
            label="Category"
            options={categoryOptions}
            placeholder="No category"
            value={values.category_id === null || values.category_id === undefined ? '' : String(values.category_id)}
            onChange={(event) => set('category_id', event.target.value ? Number(event.target.value) : null)}
          />
          <Checkbox
            label="Pinned (shown first)"
            checked={values.pinned === true}
            onChange={(event) => set('pinned', event.target.checked)}
          />
        </div>
      )}
    />
  );
}
