import { useHome } from '@lifeboard/shared/stores/home';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';
import { useNavigate } from '@lifeboard/shared/lib/router';
import { displayDay } from '../journal/day-groups';

/** Home widget: the newest journal entry (from /home's one request). */
export function LatestJournalEntry() {
  const { data, status } = useHome();
  const navigate = useNavigate();
  const entry = data?.journal_entry;
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
      {entry.date ? <span className="lb-muted">{displayDay(entry.date)}</span> : null}
      <p>{entry.excerpt}</p>
      <Button onClick={() => void navigate('/journal')}>Open journal</Button>
    </div>
  );
}
