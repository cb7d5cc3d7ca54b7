import { useState } from 'react';

/** The second way to invite: the plain sign-up link, to paste anywhere. */
export function SignUpLink() {
  const link = `${window.location.origin}/sign-up`;
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }

  return (
    <section className="lb-section" aria-labelledby="invite-link">
      <h2 id="invite-link">Or share a link</h2>
      <p>
        Whoever opens this link can create their own Lifeboard account. Sign-ups through it do not appear in the list
        above.
      </p>
      <div className="lb-copy-line">
        <label htmlFor="invite-url" className="lb-muted">
          Sign-up link
        </label>
        <input id="invite-url" readOnly value={link} onFocus={(event) => event.target.select()} />
        <button className="lb-button" type="button" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      {copied === 'yes' ? (
        <p role="status" className="lb-saved">
          Copied.
        </p>
      ) : null}
      {copied === 'no' ? (
        <p role="status">Your browser did not allow copying: select the link and copy it yourself.</p>
      ) : null}
    </section>
  );
}
