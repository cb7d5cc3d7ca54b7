import { useState } from 'react';
import './account.css';
import '../auth/forms.css';

/**
 * `/invitations`. The API has no invitation endpoint yet, so this page offers what works today: the
 * sign-up link to share. It says plainly that e-mailed invitations are not available.
 */
export default function Invitations() {
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
    <div className="lb-page">
      <h1>Invitations</h1>
      <section className="lb-section" aria-labelledby="invite-link">
        <h2 id="invite-link">Invite someone</h2>
        <p>Share this link; whoever opens it can create their own Lifeboard account.</p>
        <div className="lb-copy-line">
          <label htmlFor="invite-url" className="lb-muted">Sign-up link</label>
          <input id="invite-url" readOnly value={link} onFocus={(event) => event.target.select()} />
          <button className="lb-button" type="button" onClick={() => void copy()}>Copy link</button>
        </div>
        {copied === 'yes' ? <p role="status" className="lb-saved">Copied.</p> : null}
        {copied === 'no' ? <p role="status">Your browser did not allow copying: select the link and copy it yourself.</p> : null}
      </section>
      <section className="lb-section" aria-labelledby="invite-email">
        <h2 id="invite-email">Invitations by e-mail</h2>
        <p>
          Sending invitations from Lifeboard by e-mail is not available yet. It arrives with the program
          marketplace work; until then, the link above is the way to invite people.
        </p>
      </section>
    </div>
  );
}
