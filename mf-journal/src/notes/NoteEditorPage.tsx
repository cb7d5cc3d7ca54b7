import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiError } from '@lifeboard/shared/api/errors';
import type { AnyRecord, ModelRecord } from '@lifeboard/shared/api/resource';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { $currentNote } from '@lifeboard/shared/stores/data';
import { Button } from '@lifeboard/shared/ui/Button';
import { ErrorPanel, Spinner } from '@lifeboard/shared/ui/feedback';
import { Checkbox, Select } from '@lifeboard/shared/ui/fields';
import { deleteWithUndo } from '@lifeboard/shared/ui/delete-with-undo';
import { DocumentEditor } from '../editor/DocumentEditor';
import { ShareButton } from '../shared-pages/ShareButton';

type Note = ModelRecord<'note'>;

export interface NoteEditorPageProps {
  /** The note's id, or null for a new note. */
  id: number | null;
  /** The category a new note starts in (the list's filter). */
  categoryId?: number | null;
  onCreated: (id: number) => void;
  onClose: () => void;
}

/** The note to open: from the list when it is there (a note just created included), else fetched from the API. */
function useNote(id: number | null): { note: Note | null; error: ApiError | null; loading: boolean } {
  const notes = getCollection('note');
  const [fetched, setFetched] = useState<{ id: number; note: Note | null; error: ApiError | null } | null>(null);
  const listed = id === null ? null : notes.find(id) ?? null;
  const note = listed ?? (fetched && fetched.id === id ? fetched.note : null);
  useEffect(() => {
    if (id === null || notes.find(id)) return undefined;
    let live = true;
    void notes.get(id).then((result) => {
      if (live) setFetched(result.ok ? { id, note: result.data, error: null } : { id, note: null, error: result.error });
    });
    return () => {
      live = false;
    };
  }, [notes, id]);
  const answered = fetched !== null && fetched.id === id;
  return { note, error: answered && !note ? fetched.error : null, loading: id !== null && !note && !answered };
}

/** One note being written: title, category, pin and text, saved as you type. */
export function NoteEditorPage({ id, categoryId = null, onCreated, onClose }: NoteEditorPageProps) {
  const { note, error, loading } = useNote(id);
  const categories = useStore(getCollection('category').$items);
  const latest = useRef<AnyRecord | null>(note);
  if (!latest.current && note) latest.current = note;
  const defaults = useMemo(() => ({ title: '', pinned: false, category_id: categoryId }), [categoryId]);
  const categoryOptions = useMemo(() => categories.map((c) => ({ value: String(c.id), label: c.name ?? `Category ${c.id}` })), [categories]);

  useEffect(() => {
    if (note) $currentNote.set(note);
  }, [note]);

  if (loading) return <Spinner label="Opening the note…" />;
  if (error || (id !== null && !note)) {
    return <ErrorPanel title="This note could not be opened" message={error?.message ?? 'It may have been deleted.'} code={error?.code} onRetry={onClose} />;
  }

  const handleSaved = (saved: AnyRecord) => {
    const wasNew = id === null && latest.current === null;
    latest.current = saved;
    $currentNote.set(saved);
    if (wasNew) onCreated(saved.id);
  };

  const handleDelete = async (stop: () => void) => {
    const record = getCollection('note').find(latest.current?.id ?? 0) ?? latest.current;
    if (!record) return;
    stop();
    if (await deleteWithUndo('note', record)) {
      if ($currentNote.get()?.id === record.id) $currentNote.set(null);
      onClose();
    }
  };

  return (
    <DocumentEditor
      model="note" record={note} defaults={defaults} bodyLabel="Note text"
      onSaved={handleSaved} onClose={onClose}
      renderFields={(values, set) => (
        <div className="lb-note-fields">
          <Select
            label="Category" options={categoryOptions} placeholder="No category"
            value={values.category_id === null || values.category_id === undefined ? '' : String(values.category_id)}
            onChange={(event) => set('category_id', event.target.value ? Number(event.target.value) : null)}
          />
          <Checkbox label="Pinned (shown first)" checked={values.pinned === true} onChange={(event) => set('pinned', event.target.checked)} />
        </div>
      )}
      renderActions={(savedId, stop) => (
        <>
          <ShareButton model="note" id={savedId} />
          <Button variant="danger" onClick={() => void handleDelete(stop)}>Delete note</Button>
        </>
      )}
    />
  );
}
