import { Link, useParams } from '@lifeboard/shared/lib/router';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { Skeleton } from '@lifeboard/shared/ui/feedback';
import { Panel } from '@lifeboard/shared/ui/Panel';

const serves = (record: AnyRecord, valueId: number) =>
  record.id > 0 && Array.isArray(record.value_ids) && record.value_ids.map(Number).includes(valueId);

/** Under a value (`/values/:id`): the goals and habits that serve it, each picked in its own form. */
export function ValueServedBy() {
  const valueId = Number(useParams().id);
  const goals = useCollection('goal');
  const habits = useCollection('habit');
  const sections = [
    { title: 'Goals that serve it', collection: goals, href: (id: number) => `/goal/${id}`, add: '/new-goal' },
    { title: 'Habits that serve it', collection: habits, href: (id: number) => `/habits/${id}`, add: '/new-habit' },
  ];
  return (
    <>
      {sections.map(({ title, collection, href, add }) => {
        const linked = collection.items.filter((record) => serves(record, valueId));
        return (
          <Panel key={title} title={title} level={2}>
            {!linked.length && collection.status === 'loading' ? <Skeleton lines={2} /> : null}
            {!linked.length && collection.status !== 'loading' ? (
              <p className="lb-muted">
                None yet. Tick this value under “Values it serves” in a {title.startsWith('Goals') ? 'goal' : 'habit'}
                ’s form to link it.
              </p>
            ) : null}
            {linked.length ? (
              <ul aria-label={title}>
                {linked.map((record) => (
                  <li key={record.id}>
                    <Link to={href(record.id)}>{String(record.title)}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
            {collection.hasMore ? (
              <Button onClick={() => void collection.collection.loadMore()}>Look through more</Button>
            ) : null}
            <p>
              <Link to={add}>{title.startsWith('Goals') ? 'Set a goal' : 'Start a habit'}</Link>
            </p>
          </Panel>
        );
      })}
    </>
  );
}
