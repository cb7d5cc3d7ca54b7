import { useEffect, useMemo, useRef, useState } from 'react';
import type { AnyRecord, ModelRecord } from '@lifeboard/shared/api/resource';
import type { ApiError } from '@lifeboard/shared/api/errors';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { $currentJournalEntry } from '@lifeboard/shared/stores/data';
import { Button } from '@lifeboard/shared/ui/Button';
import { ErrorPanel, Spinner } from '@lifeboard/shared/ui/feedback';
import { DateField } from '@lifeboard/shared/ui/fields';
import { deleteWithUndo } from '@lifeboard/shared/ui/delete-with-undo';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { DocumentEditor } from '../editor/DocumentEditor';
import { ShareButton } from '../shared-pages/ShareButton';
import { GoalPicker } from '@lifeboard/shared/ui/GoalPicker';
import { MoodPicker } from './MoodPicker';

type Entry = ModelRecord<'journal_entry'>;

export interface JournalEntryPageProps {
  /** The entry's id, or null to write a new one. */
  id: number | null;
  /** The day a new entry is for (today when absent). */
  day?: string | null;
  /** The new entry got its id (the page may put it in the address). */
  onCreated: (id: number) => void;
  onClose: () => void;
}

/**
 * The entry to open: from the list when it is there (including one this page just created, whose id
 * arrives in the address while its editor stays open), else fetched from the API.
 */
function useEntry(id: number | null): { entry: Entry | null; error: ApiError | null; loading: boolean } {
  const entries = getCollection('journal_entry');
  const [fetched, setFetched] = useState<{ id: number; entry: Entry | null; error: ApiError | null } | null>(null);
  const listed = id === null ? null : entries.find(id) ?? null;
  const entry = listed ?? (fetched && fetched.id === id ? fetched.entry : null);
  useEffect(() => {
    if (id === null || entries.find(id)) return undefined;
    let live = true;
    void entries.get(id).then((result) => {
      if (live) setFetched(result.ok ? { id, entry: result.data, error: null } : { id, entry: null, error: result.error });
    });
    return () => {
      live = false;
    };
  }, [entries, id]);
  const answered = fetched !== null && fetched.id === id;
  return { entry, error: answered && !entry ? fetched.error : null, loading: id !== null && !entry && !answered };
}

/** One journal entry being written: date, mood, title and text, saved as you type. */
export function JournalEntryPage({ id, day, onCreated, onClose }: JournalEntryPageProps) {
  const { entry, error, loading } = useEntry(id);
  const latest = useRef<AnyRecord | null>(entry);
  if (!latest.current && entry) latest.current = entry;
  const defaults = useMemo(() => ({ title: '', date: day ?? localDate(), mood_id: null }), [day]);

  useEffect(() => {
    if (entry) $currentJournalEntry.set(entry);
  }, [entry]);

  if (loading) return <Spinner label="Opening the entry…" />;
  if (error || (id !== null && !entry)) {
    return <ErrorPanel title="This entry could not be opened" message={error?.message ?? 'It may have been deleted.'} code={error?.code} onRetry={onClose} />;
  }

  const handleSaved = (saved: AnyRecord) => {
    const wasNew = id === null && latest.current === null;
    latest.current = saved;
    $currentJournalEntry.set(saved);
    if (wasNew) onCreated(saved.id);
  };

  const handleDelete = async (stop: () => void) => {
    const record = getCollection('journal_entry').find(latest.current?.id ?? 0) ?? latest.current;
    if (!record) return;
    stop();
    if (await deleteWithUndo('journal_entry', record)) {
      if ($currentJournalEntry.get()?.id === record.id) $currentJournalEntry.set(null);
      onClose();
    }
  };

  return (
    <DocumentEditor
      model="journal_entry" record={entry} defaults={defaults} bodyLabel="Entry text"
      onSaved={handleSaved} onClose={onClose}
      renderFields={(values, set) => (
        <div className="lb-entry-fields">
          <DateField label="Day" value={String(values.date ?? '')} required onChange={(event) => { if (event.target.value) set('date', event.target.value); }} />
          <MoodPicker moodId={typeof values.mood_id === 'number' ? values.mood_id : null} onChange={(moodId) => set('mood_id', moodId)} />
          <GoalPicker label="About the goal" value={typeof values.goal_id === 'number' ? values.goal_id : null} onChange={(goalId) => set('goal_id', goalId)} />
        </div>
      )}
      renderActions={(savedId, stop) => (
        <>
          <ShareButton model="journal_entry" id={savedId} />
          <Button variant="danger" onClick={() => void handleDelete(stop)}>Delete entry</Button>
        </>
      )}
    />
  );
}
