import { useEffect, useState } from 'react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import { failureMessage } from '../auth/form-parts';
import { subscribedBoard } from './checkout-api';
import './programs.css';
import '../auth/forms.css';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; title: string; board: { id: number; name: string } | null };

/**
 * `/program-success/:programGuid`: names the board the program went into, from the caller's subscription to it
 * (not the current board, which may have changed since).
 */
export default function ProgramSuccess() {
  const guid = useParams().programGuid ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    void subscribedBoard(guid).then((result) => {
      if (!live) return;
      setLoad(
        result.ok ? { state: 'ready', ...result.data } : { state: 'error', message: failureMessage(result.error) },
      );
    });
    return () => {
      live = false;
    };
  }, [guid]);

  if (load.state === 'loading')
    return (
      <div className="lb-auth-page">
        <p role="status">Looking up your program…</p>
      </div>
    );
  if (load.state === 'error')
    return (
      <div className="lb-auth-page">
        <p role="alert">{load.message}</p>
      </div>
    );
  if (!load.board) {
    return (
      <div className="lb-auth-page">
        <h1>Not started yet</h1>
        <p role="status">You have no active subscription to “{load.title}”.</p>
        <p>
          <Link to={`/program-purchase/${encodeURIComponent(guid)}`}>Go to the program</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="lb-auth-page">
      <h1>You are in</h1>
      <p role="status">
        “{load.title}” is set up on your board “{load.board.name}”.
      </p>
      <p>Its goals, habits and routines are waiting for you. Change anything to make it yours.</p>
      <ul>
        <li>
          <Link to={`/program-implement/${encodeURIComponent(guid)}`}>Start the first lesson</Link>
        </li>
        <li>
          <Link to="/home">Go to your home page</Link>
        </li>
        <li>
          <Link to="/boards">Manage your boards</Link>
        </li>
      </ul>
    </div>
  );
}
