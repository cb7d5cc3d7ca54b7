import { Link, useParams } from '@lifeboard/shared/lib/router';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { Skeleton } from '@lifeboard/shared/ui/feedback';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { useLiveProgress } from './use-live-progress';

/** Under a life plan (`/life-plans/:id`): the goals that name it, with their progress now. */
export function LifePlanGoals() {
  const planId = Number(useParams().id);
  const { items, status, hasMore, collection } = useCollection('goal');
  const percentOf = useLiveProgress(items);
  const linked = items.filter((goal) => goal.id > 0 && Number(goal.life_plan_id) === planId);
  return (
    <Panel title="Goals in this plan" level={2}>
      {!linked.length && status === 'loading' ? <Skeleton lines={2} /> : null}
      {!linked.length && status !== 'loading' ? (
        <p className="lb-muted">No goals are linked to this plan yet. Pick this plan in a goal’s form to link it.</p>
      ) : null}
      {linked.length ? (
        <ul aria-label="Goals in this plan">
          {linked.map((goal) => {
            const percent = Math.round(percentOf(goal));
            return (
              <li key={goal.id}>
                <Link to={`/goal/${goal.id}`}>{goal.title}</Link>{' '}
                <progress max={100} value={percent} aria-label={`${String(goal.title)} progress`} /> {percent}%
              </li>
            );
          })}
        </ul>
      ) : null}
      {hasMore ? <Button onClick={() => void collection.loadMore()}>Look through more goals</Button> : null}
      <p>
        <Link to="/new-goal">Set a goal</Link>
      </p>
    </Panel>
  );
}
