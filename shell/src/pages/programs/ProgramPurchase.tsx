import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from '@lifeboard/shared/lib/router';
import { $board } from '@lifeboard/shared/stores/board';
import { subscribeToProgram } from '../../board/board-actions';
import { FormAlert, failureMessage } from '../auth/form-parts';
import { formatMoney } from '@lifeboard/shared/lib/money';
import { findProgram, plainText } from './find-program';
import type { ProgramSummary } from './find-program';
import '../auth/forms.css';
import './programs.css';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'error'; message: string } | { state: 'ready'; program: ProgramSummary };

/**
 * `/program-purchase/:programGuid`. Paid checkout is not enabled in this deployment, so the page says so
 * and lets the user start the program directly: subscribing puts it on a new board, which becomes current.
 */
export default function ProgramPurchase() {
  const guid = useParams().programGuid ?? '';
  const navigate = useNavigate();
  const boardId = useStore($board).id;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void findProgram(guid, boardId).then((result) => {
      if (!live) return;
      if (!result.ok) setLoad({ state: 'error', message: failureMessage(result.error) });
      else setLoad(result.data ? { state: 'ready', program: result.data } : { state: 'missing' });
    });
    return () => {
      live = false;
    };
    // The board only matters for finding one's own draft; a board switch here must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guid]);

  async function start(program: ProgramSummary) {
    setBusy(true);
    const ok = await subscribeToProgram({ programId: program.id, isSubscribing: true });
    setBusy(false);
    if (ok) navigate(`/program-success/${encodeURIComponent(program.guid)}`);
    else setMessage('The program could not be started. Please try again in a moment.');
  }

  return (
    <div className="lb-auth-page">
      <h1>Start a program</h1>
      {load.state === 'loading' ? <p role="status">Looking up the program…</p> : null}
      {load.state === 'error' ? <p role="alert">{load.message}</p> : null}
      {load.state === 'missing' ? (
        <>
          <p role="alert">No published program has this link. It may have been withdrawn, or the link is incomplete.</p>
          <p><Link to="/programs">Browse programs</Link></p>
        </>
      ) : null}
      {load.state === 'ready' ? (
        <article className="lb-program-card" aria-labelledby="program-title">
          <h2 id="program-title">{load.program.title}</h2>
          <p className="lb-program-price">{formatMoney(load.program.price_cents, load.program.currency)}</p>
          {load.program.description ? <p>{plainText(load.program.description)}</p> : null}
          <p className="lb-program-note">
            Paid checkout is not enabled in this deployment: no payment is taken. Starting the program creates a new
            board with its goals, habits and routines, and switches you to it.
          </p>
          <FormAlert message={message} />
          <button className="lb-button" type="button" disabled={busy} onClick={() => void start(load.program)}>
            {busy ? 'Starting…' : 'Start this program'}
          </button>
        </article>
      ) : null}
    </div>
  );
}
