import { useState } from 'react';
import { formatTimeAgo } from '@lifeboard/shared/lib/date-display';
import type { UnsentWrite } from '@lifeboard/shared/stores/offline';

/**
 * The changes made offline that the API refused when they were sent (shared/api/offline-queue.ts), each with the
 * person's text and the reason, until they dismiss it: nothing typed is lost without them knowing.
 */
export default function UnsentChanges({ unsent }: { unsent: UnsentWrite[] }) {
  const [copied, setCopied] = useState<number | null>(null);
  async function dismiss(seq: number) {
    const { dismissUnsent } = await import('@lifeboard/shared/api/offline-queue');
    await dismissUnsent(seq);
  }
  async function copy(change: UnsentWrite) {
    await navigator.clipboard.writeText(change.text);
    setCopied(change.seq);
  }
  return (
    <section className="lb-unsent" aria-labelledby="lb-unsent-title">
      <h2 id="lb-unsent-title" className="lb-unsent-title">
        {unsent.length === 1 ? 'A change made offline could not be saved' : 'Changes made offline could not be saved'}
      </h2>
      <ul className="lb-unsent-list">
        {unsent.map((change) => (
          <li key={change.seq}>
            <p>
              <strong>{change.label}</strong>, made {formatTimeAgo(change.queuedAt)}: {change.reason}
            </p>
            {change.text && <blockquote className="lb-unsent-text">{change.text}</blockquote>}
            <div className="lb-unsent-actions">
              {change.text && (
                <button type="button" className="lb-button lb-button-quiet" onClick={() => void copy(change)}>
                  {copied === change.seq ? 'Copied' : 'Copy the text'}
                </button>
              )}
              <button type="button" className="lb-button lb-button-quiet" onClick={() => void dismiss(change.seq)}>
                Dismiss
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
