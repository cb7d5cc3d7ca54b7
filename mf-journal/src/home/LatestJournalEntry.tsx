import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';
import { excerpt } from '@lifeboard/shared/ui/model/rich-text';
import { useNavigate } from '@lifeboard/shared/lib/router';
import { displayDay } from '../journal/day-groups';

/** Home widget: the newest journal entry (the list is newest first). */
export function LatestJournalEntry() {
  const { items, status } = useCollection('journal_entry', { limit: 1 });
  const navigate = useNavigate();
  const entry = items.find((item) => item.id > 0);
  if (!entry && status === 'loading') return <Skeleton lines={2} />;
  if (!entry)
    return (
      <EmptyState
        title="No entries yet"
        description="A few lines a day add up."
        action={
          <Button variant="primary" onClick={() => void navigate('/journal')}>
            Write today’s entry
          </Button>
        }
      />
    );
  return (
    <div className="lb-stack">
      <strong>{entry.title || 'Untitled'}</strong>
      {typeof entry.date === 'string' ? <span className="lb-muted">{displayDay(entry.date)}</span> : null}
      <p>{excerpt(entry.body ?? '', 220)}</p>
      <Button onClick={() => void navigate('/journal')}>Open journal</Button>
    </div>
  );
}
