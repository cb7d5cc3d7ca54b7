import { useEffect, useState } from 'react';
import { useParams } from '@lifeboard/shared/lib/router';
import { send, isSuccessStatus } from '@lifeboard/shared/api/client';
import { messageOf } from '@lifeboard/shared/api/errors';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { RichTextView } from '@lifeboard/shared/editor/RichTextView';

interface PublicPage {
  title: string;
  body: string;
  date: string;
  shared_at: string;
}

function isPublicPage(value: unknown): value is PublicPage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PublicPage).body === 'string' &&
    typeof (value as PublicPage).title === 'string'
  );
}

const notSharedMessage = 'This page is not shared, or its link was revoked.';

/** `/a/:id`: a shared entry or note, readable signed out; its body is rich text through the sanitizer. */
export function PublicSharedPage() {
  const { id = '' } = useParams();
  const [page, setPage] = useState<PublicPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    setMissing(false);
    void send({ method: 'GET', url: `/api/public/shared/${encodeURIComponent(id)}` }).then(({ status, body }) => {
      if (!live) return;
      const candidate = typeof body === 'object' && body !== null ? (body as { page?: unknown }).page : undefined;
      if (isSuccessStatus(status) && isPublicPage(candidate)) setPage(candidate);
      // The server answers 404 for an unknown slug, a revoked share and a deleted source alike; 422 for a malformed slug.
      else if (status === 404 || status === 422) setMissing(true);
      else setError(messageOf(body, 'The page could not be loaded.'));
    });
    return () => {
      live = false;
    };
  }, [id, attempt]);
  if (missing) return <EmptyState title="Page not found" description={notSharedMessage} />;
  if (error) return <ErrorPanel title="Page unavailable" message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!page) return <Skeleton lines={6} />;
  return (
    <article className="lb-stack">
      <h1>{page.title || 'Untitled'}</h1>
      <p className="lb-muted">{formatDisplayDate(`${page.date}T12:00:00Z`, 'UTC').replace(/ @.*$/, '')}</p>
      <RichTextView html={page.body} />
    </article>
  );
}
