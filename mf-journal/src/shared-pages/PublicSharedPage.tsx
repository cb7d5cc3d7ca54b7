import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { send, isSuccessStatus } from '@lifeboard/shared/api/client';
import { messageOf } from '@lifeboard/shared/api/errors';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { htmlToText } from '@lifeboard/shared/ui/model/rich-text';
import { ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';

interface PublicPage {
  title: string;
  body: string;
  date: string;
  shared_at: string;
}

function isPublicPage(value: unknown): value is PublicPage {
  return typeof value === 'object' && value !== null && typeof (value as PublicPage).body === 'string' && typeof (value as PublicPage).title === 'string';
}

/** `/a/:id`: a shared entry, readable signed out. The body is shown as text paragraphs, never as HTML. */
export function PublicSharedPage() {
  const { id = '' } = useParams();
  const [page, setPage] = useState<PublicPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    void send({ method: 'GET', url: `/api/public/shared/${encodeURIComponent(id)}` }).then(({ status, body }) => {
      if (!live) return;
      const candidate = typeof body === 'object' && body !== null ? (body as { page?: unknown }).page : undefined;
      if (isSuccessStatus(status) && isPublicPage(candidate)) setPage(candidate);
      else setError(status === 404 ? 'This page is not shared, or its link was revoked.' : messageOf(body, 'The page could not be loaded.'));
    });
    return () => { live = false; };
  }, [id, attempt]);
  if (error) return <ErrorPanel title="Page unavailable" message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!page) return <Skeleton lines={6} />;
  return (
    <article className="lb-stack">
      <h1>{page.title || 'Untitled'}</h1>
      <p className="lb-muted">{formatDisplayDate(`${page.date}T12:00:00Z`, 'UTC').replace(/ @.*$/, '')}</p>
      {htmlToText(page.body).split('\n').map((line, i) => <p key={i}>{line}</p>)}
    </article>
  );
}
