import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { fetchGoalProgress, type GoalProgressAnswer } from '@lifeboard/shared/api/goals';
import { Link } from '@lifeboard/shared/lib/router';
import { $board } from '@lifeboard/shared/stores/board';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';

/** Home widget: active goals with their progress now (a goal measured by its habits moves with their check-ins). */
export function GoalsInProgress() {
  const board = useStore($board);
  const { items, status } = useCollection('goal');
  const [live, setLive] = useState<Map<number, GoalProgressAnswer> | null>(null);
  useEffect(() => {
    let current = true;
    void fetchGoalProgress(board.id).then((answer) => { if (current) setLive(answer); });
    return () => { current = false; };
  }, [board.id, items]);
  const active = items.filter((g) => g.id > 0 && (g.status ?? 'active') === 'active').slice(0, 5);
  if (!active.length && status === 'loading') return <Skeleton lines={3} />;
  if (!active.length) return <EmptyState title="No active goals" action={<Link to="/new-goal">Set a goal</Link>} />;
  return (
    <ul>
      {active.map((g) => {
        const percent = live?.get(g.id)?.percent ?? Number(g.progress ?? 0);
        return <li key={g.id}><Link to={`/goal/${g.id}`}>{g.title}</Link> <progress max={100} value={percent} aria-label={`${String(g.title)} progress`} /> {Math.round(percent)}%</li>;
      })}
    </ul>
  );
}
