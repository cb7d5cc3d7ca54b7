import { useState } from 'react';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { ModelForm } from '@lifeboard/shared/ui/ModelForm';
import { deleteWithUndo } from '@lifeboard/shared/ui/delete-with-undo';
import { MoodFace } from './MoodFace';
import { moodWord } from './mood-scale';
import './moods.css';

/** The board's moods, newest first, each with its words and feelings; edit in place, delete with undo. */
export function MoodList() {
  const { items, status, error, hasMore, collection } = useCollection('mood');
  const [editing, setEditing] = useState<number | null>(null);
  if (status === 'loading' && items.length === 0) return <Skeleton lines={3} />;
  if (status === 'error' && error && items.length === 0)
    return (
      <ErrorPanel
        title="Could not load your moods"
        message={error.message}
        code={error.code}
        onRetry={() => void collection.load()}
      />
    );
  if (items.length === 0)
    return <EmptyState title="No moods logged yet" description="Tap a face above to log how you feel." />;
  return (
    <>
      <ul className="lb-mood-list" aria-label="Logged moods">
        {items.map((mood) => {
          const when = typeof mood.at === 'string' ? formatDisplayDate(mood.at) : formatDisplayDate(mood.created_at);
          const label = `${moodWord(mood.score)} (${String(mood.score)}/5), ${when}`;
          return (
            <li key={mood.id} className="lb-mood-list__item" aria-busy={mood.id < 0 || undefined}>
              <span>
                <span className="lb-mood-list__face">
                  <MoodFace score={Number(mood.score)} size={22} />
                </span>{' '}
                <strong>{moodWord(mood.score)}</strong>{' '}
                <span className="lb-muted">
                  {String(mood.score)}/5 · {when}
                </span>
                {mood.emotions?.length ? <span className="lb-muted"> · {mood.emotions.join(', ')}</span> : null}
                {mood.note ? (
                  <>
                    <br />
                    {mood.note}
                  </>
                ) : null}
              </span>
              {mood.id > 0 ? (
                <span className="lb-row">
                  <Button
                    size="small"
                    aria-expanded={editing === mood.id}
                    onClick={() => setEditing(editing === mood.id ? null : mood.id)}
                  >
                    Edit<span className="lb-visually-hidden"> {label}</span>
                  </Button>
                  <Button size="small" variant="danger" onClick={() => void deleteWithUndo('mood', mood)}>
                    Delete<span className="lb-visually-hidden"> {label}</span>
                  </Button>
                </span>
              ) : (
                <span className="lb-muted">Saving…</span>
              )}
              {editing === mood.id ? (
                <ModelForm
                  model="mood"
                  record={mood}
                  onSaved={() => setEditing(null)}
                  onCancel={() => setEditing(null)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {hasMore ? (
        <Button onClick={() => void collection.loadMore()} busy={status === 'loading'}>
          Load more
        </Button>
      ) : null}
    </>
  );
}
