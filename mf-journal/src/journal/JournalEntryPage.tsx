import { useMemo } from 'react';
import { $currentJournalEntry } from '@lifeboard/shared/stores/data';
import { DateField } from '@lifeboard/shared/ui/fields';
import { GoalPicker } from '@lifeboard/shared/ui/GoalPicker';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { DocumentPage } from '../editor/DocumentPage';
import { MoodPicker } from './MoodPicker';

export interface JournalEntryPageProps {
  /** The entry's id, or null to write a new one. */
  id: number | null;
  /** The day a new entry is for (today when absent). */
  day?: string | null;
  /** The new entry got its id (the page may put it in the address). */
  onCreated: (id: number) => void;
  onClose: () => void;
}

/** One journal entry being written: date, mood, title and text, saved as you type. */
export function JournalEntryPage({ id, day, onCreated, onClose }: JournalEntryPageProps) {
  const defaults = useMemo(() => ({ title: '', date: day ?? localDate(), mood_id: null, goal_id: null }), [day]);
  return (
    <DocumentPage
      model="journal_entry"
      id={id}
      current={$currentJournalEntry}
      defaults={defaults}
      bodyLabel="Entry text"
      onCreated={onCreated}
      onClose={onClose}
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
        </div>
      )}
    />
  );
}
