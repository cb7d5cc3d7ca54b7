import { useEffect, useState } from 'react';
import { openShare, pageKeyFromFragment } from '@lifeboard/shared/crypto/share';
import { useParams } from '@lifeboard/shared/lib/router';
import { send, isSuccessStatus } from '@lifeboard/shared/api/client';
import { messageOf } from '@lifeboard/shared/api/errors';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { RichTextView } from '@lifeboard/shared/editor/RichTextView';
import type { SealedImageSource } from '@lifeboard/shared/rich-text/sealed-images';

interface PublicPage {
  title: string;
  body: string;
  date: string;
  shared_at: string;
  /** An encrypted entry's page: opened here with the key in the link's fragment. */
  sealed?: string;
  /** The fragment's key of an opened encrypted page (it opens the page's images too). */
  pageKey?: string;
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
const unopenedMessage =
  'This page is encrypted, and its link is missing its key or has a wrong one, so it can’t be opened. Ask for the whole link, exactly as it was sent (with everything after “#”).';

/** The page as shown: an encrypted one opened with the fragment's key (which never leaves this browser). */
async function readable(page: PublicPage): Promise<PublicPage | null> {
  if (typeof page.sealed !== 'string') return page;
  const key = pageKeyFromFragment(window.location.hash);
  if (!key) return null;
  try {
    return { ...page, ...(await openShare(key, page.sealed)), pageKey: key };
  } catch {
    return null;
  }
}

/** `/a/:id`: a shared entry or note, readable signed out; its body is rich text through the sanitizer. */
export function PublicSharedPage() {
  const { id = '' } = useParams();
  const [page, setPage] = useState<PublicPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [unopened, setUnopened] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [images, setImages] = useState<SealedImageSource | undefined>(undefined);
  const pageKey = page?.pageKey;
  useEffect(() => {
    if (!pageKey) return;
    let live = true;
    // An encrypted page's images are copies sealed under the same key; loaded only for such a page.
    void import('@lifeboard/shared/rich-text/sealed-images').then(({ sharedPageImages }) => {
      if (live) setImages(sharedPageImages(id, pageKey));
    });
    return () => {
      live = false;
    };
  }, [id, pageKey]);
  useEffect(() => {
    let live = true;
    setError(null);
    setMissing(false);
    setUnopened(false);
    void send({ method: 'GET', url: `/api/public/shared/${encodeURIComponent(id)}` }).then(({ status, body }) => {
      if (!live) return;
      const candidate = typeof body === 'object' && body !== null ? (body as { page?: unknown }).page : undefined;
      if (isSuccessStatus(status) && isPublicPage(candidate))
        void readable(candidate).then((shown) => {
          if (!live) return;
          if (shown) setPage(shown);
          else setUnopened(true);
        });
      // The server answers 404 for an unknown slug, a revoked share and a deleted source alike; 422 for a malformed slug.
      else if (status === 404 || status === 422) setMissing(true);
      else setError(messageOf(body, 'The page could not be loaded.'));
    });
    return () => {
      live = false;
    };
  }, [id, attempt]);
  if (missing) return <EmptyState title="Page not found" description={notSharedMessage} />;
  if (unopened) return <EmptyState title="This page can’t be opened" description={unopenedMessage} />;
  if (error) return <ErrorPanel title="Page unavailable" message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  // An encrypted page waits for its images' key, so they are never asked for as someone's own.
  if (!page || (page.pageKey && !images)) return <Skeleton lines={6} />;
  return (
    <article className="lb-stack">
      <h1>{page.title || 'Untitled'}</h1>
      <p className="lb-muted">{formatDisplayDate(`${page.date}T12:00:00Z`, 'UTC').replace(/ @.*$/, '')}</p>
      <RichTextView html={page.body} sealedImages={images} />
    </article>
  );
}
