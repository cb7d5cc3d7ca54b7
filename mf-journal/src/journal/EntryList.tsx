import { Suspense, lazy, memo, useState } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import type { ModelRecord } from '@lifeboard/shared/api/resource';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { Button } from '@lifeboard/shared/ui/Button';
import { deleteWithUndo } from '@lifeboard/shared/ui/delete-with-undo';
import { excerpt } from '@lifeboard/shared/ui/model/rich-text';
import { UNDECRYPTABLE } from '@lifeboard/shared/crypto/keys';
import { displayDay, groupByDay } from './day-groups';
import { MoodFace } from '../moods/MoodFace';
import { moodScale } from './MoodPicker';
import './journal.css';

type Entry = ModelRecord<'journal_entry'>;

// The whole text (sanitizer and formula rendering included) loads only when someone asks to read it:
// the list itself shows plain-text excerpts.
const RichTextView = lazy(() =>
  import('@lifeboard/shared/editor/RichTextView').then((m) => ({ default: m.RichTextView })),
);

export interface EntryListProps {
  entries: Entry[];
  /** Mood scores by mood id, for the mood shown on each entry. */
  moodScores: ReadonlyMap<number, number>;
}

/** What an encrypted record this device cannot show says instead (stores/encryption.ts), or null. */
export function sealedTitle(record: object): string | null {
  if (!('e2e_state' in record)) return null;
  if (record.e2e_state === 'locked') return 'Locked';
  if (record.e2e_state === 'broken') return UNDECRYPTABLE;
  return null;
}

export function entryTitle(entry: Entry): string {
  return sealedTitle(entry) ?? (entry.title?.trim() || 'Untitled entry');
}

/** One entry of the list; memoized, so a list change re-renders only the entries it changed. */
const EntryItem = memo(function EntryItem({ entry, moodScore }: { entry: Entry; moodScore: number | undefined }) {
  const [reading, setReading] = useState(false);
  const pending = entry.id < 0;
  // A locked or undecryptable entry has no text to open: its title is not a link.
  const sealed = sealedTitle(entry) !== null;
  const mood = moodScale.find((m) => m.score === moodScore);
  const body = entry.body ?? '';
  const bodyId = `lb-entry-body-${entry.id}`;
  return (
    <li className="lb-entry" aria-busy={pending || undefined}>
      <div className="lb-entry__head">
        <h4 className="lb-entry__title" elementtiming="journal-entry">
          {pending || sealed ? entryTitle(entry) : <Link to={`?entry=${entry.id}`}>{entryTitle(entry)}</Link>}
        </h4>
        {mood ? (
          <span className="lb-entry__mood" title={`Mood: ${mood.word}`}>
            <MoodFace score={mood.score} size={18} /> {mood.word}
          </span>
        ) : null}
      </div>
      <p className="lb-muted lb-entry__meta">
        {pending ? 'Saving…' : `Written ${formatDisplayDate(entry.created_at)}`}
        {typeof entry.word_count === 'number' && entry.word_count > 0 ? ` · ${entry.word_count} words` : ''}
      </p>
      {!sealed && Array.isArray(entry.tags) && entry.tags.length > 0 ? (
        <ul className="lb-tags lb-entry__tags" aria-label="Tags">
          {entry.tags.map((tag) => (
            <li key={tag}>
              <Link className="lb-tag" to={`?tag=${encodeURIComponent(tag)}`} aria-label={`Entries tagged ${tag}`}>
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {reading ? (
        <Suspense
          fallback={
            <p className="lb-entry__excerpt" id={bodyId}>
              {excerpt(body, 220)}
            </p>
          }
        >
          <RichTextView html={body} className="lb-entry__full" />
        </Suspense>
      ) : (
        <p className="lb-entry__excerpt" id={bodyId}>
          {excerpt(body, 220)}
        </p>
      )}
      {!pending ? (
        <div className="lb-row">
          {body ? (
            <Button size="small" variant="ghost" aria-expanded={reading} onClick={() => setReading(!reading)}>
              {reading ? 'Show less' : 'Read all'}
            </Button>
          ) : null}
          <Button
            size="small"
            variant="ghost"
            onClick={() => void deleteWithUndo('journal_entry', entry)}
            aria-label={`Delete “${entryTitle(entry)}”`}
          >
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
});

/** Entries by day, newest day first, each day under its date in the spec's display. */
export function EntryList({ entries, moodScores }: EntryListProps) {
  const groups = groupByDay(entries);
  return (
    <div className="lb-entry-days">
      {groups.map((group) => (
        <section
          key={group.date}
          className="lb-entry-day"
          aria-labelledby={`lb-day-${group.date}`}
          data-date={group.date}
        >
          <h3 id={`lb-day-${group.date}`} className="lb-entry-day__title">
            {displayDay(group.date)}
          </h3>
          <ul className="lb-entry-day__list" aria-label={`Entries of ${displayDay(group.date)}`}>
            {group.entries.map((entry) => (
              <EntryItem
                key={entry.id}
                entry={entry}
                moodScore={typeof entry.mood_id === 'number' ? moodScores.get(entry.mood_id) : undefined}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
