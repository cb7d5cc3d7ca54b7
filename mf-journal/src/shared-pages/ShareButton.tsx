import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { ConfirmDialog } from '@lifeboard/shared/ui/Dialog';
import { activeShareFor, createShare, loadAllShares, publicPath, revokeShare, shares, useShareLink } from './shares';
import type { ShareSource } from './shares';
import './shared-pages.css';

export interface ShareButtonProps {
  model: ShareSource;
  /** The saved record's id; a record not saved yet (id ≤ 0) cannot be shared. */
  id: number;
}

/** Copies text; false when the browser refuses (no permission, insecure origin). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Share one journal entry or note as a public read-only page: makes the share (the server picks the
 * unguessable slug), or shows the live one with its link, a copy button and revoke (after confirming). An encrypted
 * entry is shared as a copy sealed in this browser; its link carries the key after `#`, never sent to a server.
 */
export function ShareButton({ model, id }: ShareButtonProps) {
  const list = useStore(shares().$items);
  const status = useStore(shares().$status);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState('');
  useEffect(() => {
    void loadAllShares();
  }, []);
  const share = activeShareFor(list, model, id);
  const url = useShareLink(share);
  const what = model === 'note' ? 'note' : 'entry';

  async function handleShare() {
    setBusy(true);
    setMessage('');
    const result = await createShare(model, id);
    setBusy(false);
    if (result.ok) setMessage('Public link created.');
    else notify({ kind: 'error', message: `The ${what} was not shared: ${result.error.message}` });
  }

  async function handleCopy(url: string) {
    if (await copyText(url)) setMessage('Link copied.');
    else notify({ kind: 'error', message: 'Could not copy the link: select it and copy it yourself.' });
  }

  async function handleRevoke(shareId: number) {
    setConfirming(false);
    setBusy(true);
    const result = await revokeShare(shareId);
    setBusy(false);
    if (result.ok) setMessage('Link revoked: it now answers “not found”.');
    else notify({ kind: 'error', message: `The link was not revoked: ${result.error.message}` });
  }

  if (!share) {
    const waiting = status === 'loading' && list.length === 0;
    return (
      <div className="lb-share" role="group" aria-label="Public sharing">
        <Button
          onClick={() => void handleShare()}
          busy={busy || waiting}
          disabled={id <= 0}
          title={id <= 0 ? `Save the ${what} first` : undefined}
        >
          Share publicly
        </Button>
        <span className="lb-muted" role="status">
          {message}
        </span>
      </div>
    );
  }

  return (
    <div className="lb-share" role="group" aria-label="Public sharing">
      {url ? (
        <>
          <span>
            Public link:{' '}
            <a href={url} target="_blank" rel="noopener noreferrer" className="lb-share__link">
              {url}
            </a>
          </span>
          <Button size="small" onClick={() => void handleCopy(url)}>
            Copy link
          </Button>
        </>
      ) : (
        <span>
          This encrypted {what} is shared at {publicPath(share.slug)}: unlock your journal to see its whole link (its
          key is kept encrypted).
        </span>
      )}
      <Button size="small" variant="danger" busy={busy} onClick={() => setConfirming(true)}>
        Revoke link
      </Button>
      <span className="lb-muted" role="status">
        {message}
      </span>
      <ConfirmDialog
        open={confirming}
        title="Revoke this public link?"
        confirmLabel="Revoke"
        danger
        onConfirm={() => void handleRevoke(share.id)}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Anyone opening {url ?? publicPath(share.slug)} will see “not found”. Sharing the {what} again makes a new
          link.
        </p>
      </ConfirmDialog>
    </div>
  );
}
