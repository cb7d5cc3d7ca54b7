import { useStore } from '@nanostores/react';
import { Link } from '@lifeboard/shared/lib/router';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { $session } from '@lifeboard/shared/stores/session';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { Card, PageHeader } from '@lifeboard/shared/ui/Panel';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { readFollowed } from './author-api';

/** `/myauthors`: the authors whose programs the user subscribed to, with those programs. */
export function MyAuthors() {
  const { user } = useStore($session);
  const authors = useApiGet('/api/authors/followed', readFollowed);
  return (
    <section className="lb-stack">
      <PageHeader
        title="My authors"
        description="The authors of the programs you subscribed to."
        actions={user?.role === 'creator' ? <Link to={`/author/${user.id}`}>Your own author page</Link> : null}
      />
      {authors.state === 'loading' ? <Skeleton lines={4} /> : null}
      {authors.state === 'failed' ? (
        <ErrorPanel message={`Your authors could not be loaded: ${authors.message}`} onRetry={authors.reload} />
      ) : null}
      {authors.state === 'ready' && authors.data.length === 0 ? (
        <EmptyState
          title="No authors yet"
          description="Subscribe to a program and its author appears here."
          action={<Link to="/programs">Browse programs</Link>}
        />
      ) : null}
      {authors.state === 'ready'
        ? authors.data.map((author) => (
            <Card key={author.id}>
              <h2>
                <Link to={`/author/${author.slug}`}>{author.name}</Link>
              </h2>
              {author.tagline ? <p>{author.tagline}</p> : null}
              <ul>
                {author.programs.map((p) => (
                  <li key={p.id}>
                    {p.status === 'active' ? (
                      <>
                        <Link to={`/program-implement/${encodeURIComponent(p.guid)}`}>{p.title}</Link>{' '}
                        <span className="lb-muted">· subscribed {formatDisplayDay(p.subscribed_at)}</span>
                      </>
                    ) : (
                      <>
                        {p.title} <span className="lb-muted">· unsubscribed</span>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </Card>
          ))
        : null}
    </section>
  );
}
