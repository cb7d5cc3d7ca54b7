import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { ConfirmDialog } from '@lifeboard/shared/ui/Dialog';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { PageHeader } from '@lifeboard/shared/ui/Panel';
import { Table } from '@lifeboard/shared/ui/Table';
import { isActive, loadAllShares, publicPath, revokeShare, shares, useShareLink } from './shares';
import type { SharedPage } from './shares';
import { sourceKey, useSourceTitles } from './source-titles';
import './shared-pages.css';

const kindLabel = (model: unknown) => (model === 'note' ? 'Note' : 'Journal entry');
const day = (instant: unknown) =>
  typeof instant === 'string' && instant ? formatDisplayDate(instant).replace(/ @.*$/, '') : '';

/** An active share's link; an encrypted entry's needs the unlocked key for its fragment. */
function ShareLink({ page, slug }: { page: SharedPage; slug: string }) {
  const url = useShareLink(page);
  if (!url)
    return (
      <span title="Unlock your journal to see this encrypted entry's whole link">{publicPath(slug)} (locked)</span>
    );
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {publicPath(slug)}
    </a>
  );
}

/** `/shared-pages`: every share of the board — what it shows, when, its link, active or revoked — with revoke. */
export function SharedPagesScreen() {
  const list = useStore(shares().$items);
  const status = useStore(shares().$status);
  const error = useStore(shares().$error);
  const [revoking, setRevoking] = useState<SharedPage | null>(null);
  useEffect(() => {
    void loadAllShares();
  }, []);
  const pages = list.filter((page) => page.id > 0);
  const titles = useSourceTitles(pages);

  async function handleRevoke(page: SharedPage) {
    setRevoking(null);
    const result = await revokeShare(page.id);
    if (result.ok) notify({ kind: 'success', message: 'Link revoked: it now answers “not found”.' });
    else notify({ kind: 'error', message: `The link was not revoked: ${result.error.message}` });
  }

  const titleOf = (page: SharedPage) => {
    const title = titles[sourceKey(page.source_model, page.source_id)];
    return title === undefined ? '…' : (title ?? `(deleted ${kindLabel(page.source_model).toLowerCase()})`);
  };

  return (
    <section className="lb-stack" data-model="shared_page">
      <PageHeader
        title="Shared pages"
        description="A shared page is a read-only public copy of one journal entry or note. Anyone with its link can read it, signed out, until you revoke it."
      />
      {status === 'error' && error ? (
        <ErrorPanel
          title="Could not load your shares"
          message={error.message}
          code={error.code}
          onRetry={() => void loadAllShares()}
        />
      ) : null}
      {status === 'loading' && pages.length === 0 ? <Skeleton lines={4} /> : null}
      {status === 'ready' && pages.length === 0 ? (
        <EmptyState
          title="Nothing shared yet"
          description={
            <>
              Open an entry in your <Link to="/journal">journal</Link> or one of your <Link to="/notes">notes</Link> and
              choose “Share publicly”.
            </>
          }
        />
      ) : null}
      {pages.length ? (
        <Table
          className="lb-shares-table"
          caption={<caption className="lb-visually-hidden">Your shared pages, newest first</caption>}
          columns={['Shared item', 'Created', 'Link', 'Status', <span className="lb-visually-hidden">Actions</span>]}
          rows={pages}
          row={(page) => {
            const active = isActive(page);
            const slug = typeof page.slug === 'string' ? page.slug : '';
            return (
              <tr key={page.id} data-share-id={page.id}>
                <th scope="row">
                  {titleOf(page)} <span className="lb-muted">({kindLabel(page.source_model)})</span>
                </th>
                <td>{day(page.created_at)}</td>
                <td>{active ? <ShareLink page={page} slug={slug} /> : <s>{publicPath(slug)}</s>}</td>
                <td>
                  {active ? (
                    <span className="lb-share-status--active">Active</span>
                  ) : (
                    <span className="lb-share-status--revoked">Revoked {day(page.revoked_at)}</span>
                  )}
                </td>
                <td>
                  {active ? (
                    <Button size="small" variant="danger" onClick={() => setRevoking(page)}>
                      Revoke<span className="lb-visually-hidden"> the link to {titleOf(page)}</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          }}
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this public link?"
        confirmLabel="Revoke"
        danger
        onConfirm={() => {
          if (revoking) void handleRevoke(revoking);
        }}
        onCancel={() => setRevoking(null)}
      >
        <p>
          Anyone opening {revoking ? publicPath(String(revoking.slug)) : ''} will see “not found”. This cannot be
          undone; sharing again makes a new link.
        </p>
      </ConfirmDialog>
    </section>
  );
}
