import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { $currentJournalEntry } from '@lifeboard/shared/stores/data';
import { $encryption } from '@lifeboard/shared/stores/encryption';
import { DateField, TagInput } from '@lifeboard/shared/ui/fields';
import { GoalPicker } from '@lifeboard/shared/ui/GoalPicker';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { DocumentPage } from '../editor/DocumentPage';
import { MoodPicker } from './MoodPicker';
import { SaveAsTemplateButton } from './EntryTemplates';

export interface JournalEntryPageProps {
  /** The entry's id, or null to write a new one. */
  id: number | null;
  /** The day a new entry is for (today when absent). */
  day?: string | null;
  /** The text a new entry starts with (the template chosen). */
  initialBody?: string;
  /** The new entry got its id (the page may put it in the address). */
  onCreated: (id: number) => void;
  onClose: () => void;
}

const tagsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];

/** One journal entry being written: date, mood, tags, title and text, saved as you type. */
export function JournalEntryPage({ id, day, initialBody, onCreated, onClose }: JournalEntryPageProps) {
  const defaults = useMemo(
    () => ({ title: '', date: day ?? localDate(), mood_id: null, goal_id: null, tags: [] as string[] }),
    [day],
  );
  // Tags stay readable to the server (it filters by them), so an encrypted journal says so beside them.
  const encrypted = useStore($encryption).material !== null;
  return (
    <DocumentPage
      model="journal_entry"
      id={id}
      current={$currentJournalEntry}
      defaults={defaults}
      bodyLabel="Entry text"
      initialBody={initialBody}
      onCreated={onCreated}
      onClose={onClose}
      extraActions={(_id, saved) => <SaveAsTemplateButton saved={saved} />}
      renderFields={(values, set) => (
        <div className="lb-entry-fields">
          <DateField
            label="Day"
            value={String(values.date ?? '')}
            required
            onChange={(event) => {
              if (event.target.value) set('date', event.target.value);
            }}
          />
          <MoodPicker
            moodId={typeof values.mood_id === 'number' ? values.mood_id : null}
            onChange={(moodId) => set('mood_id', moodId)}
          />
          <GoalPicker
            label="About the goal"
            value={typeof values.goal_id === 'number' ? values.goal_id : null}
            onChange={(goalId) => set('goal_id', goalId)}
          />
          <TagInput
            label="Tags"
            hint={
              encrypted
                ? 'Press Enter or a comma to add. Tags are not encrypted, so the journal can be filtered by them.'
                : 'Press Enter or a comma to add.'
            }
            value={tagsOf(values.tags)}
            onChange={(tags) => set('tags', tags)}
          />
        </div>
      )}
    />
  );
}
