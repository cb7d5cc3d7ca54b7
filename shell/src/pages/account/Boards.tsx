import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { Board } from '@lifeboard/shared/stores/board';
import { $board, $boards } from '@lifeboard/shared/stores/board';
import { notify } from '@lifeboard/shared/stores/notifications';
import { $session } from '@lifeboard/shared/stores/session';
import {
  createBoard,
  deleteBoard,
  loadBoards,
  chooseDefaultBoard,
  renameBoard,
  switchBoard,
} from '../../board/board-actions';
import { FormAlert, TextField, useDraft } from '../auth/form-parts';
import '../auth/forms.css';
import './account.css';

function checkName(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'is required';
  if (trimmed.length > 100) return 'must be at most 100 characters';
  return undefined;
}

function BoardRow({
  board,
  current,
  isDefault,
  only,
}: {
  board: Board;
  current: boolean;
  isDefault: boolean;
  only: boolean;
}) {
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const [name, setName] = useState(board.name);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function rename(event: FormEvent) {
    event.preventDefault();
    const problem = checkName(name);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const ok = await renameBoard(board.id, name.trim());
    setBusy(false);
    if (ok) setMode('view');
    else setError('could not be saved; please try again');
  }

  async function remove() {
    setBusy(true);
    const ok = await deleteBoard(board.id);
    setBusy(false);
    if (!ok) {
      setMode('view');
      notify({ kind: 'error', message: `The board “${board.name}” could not be deleted.` });
    }
  }

  async function select() {
    setBusy(true);
    const ok = await switchBoard(board.id);
    setBusy(false);
    if (!ok) notify({ kind: 'error', message: `Could not switch to “${board.name}”.` });
  }

  async function makeDefault() {
    setBusy(true);
    await chooseDefaultBoard(board);
    setBusy(false);
  }

  if (mode === 'rename') {
    return (
      <li className="lb-list-item">
        <form
          className="lb-row-form"
          onSubmit={(event) => void rename(event)}
          noValidate
          aria-label={`Rename ${board.name}`}
        >
          <TextField
            label={`New name for ${board.name}`}
            name={`board-${board.id}`}
            value={name}
            onChange={setName}
            error={error}
          />
          <button className="lb-button" type="submit" disabled={busy}>
            Save
          </button>
          <button className="lb-button lb-button-quiet" type="button" onClick={() => setMode('view')}>
            Cancel
          </button>
        </form>
      </li>
    );
  }

  return (
    <li className="lb-list-item">
      <span>
        {board.name}
        {current ? <span className="lb-badge">current</span> : null}
        {isDefault ? <span className="lb-badge">default</span> : null}
      </span>
      {mode === 'confirm' ? (
        <span className="lb-list-actions" role="group" aria-label={`Confirm deleting ${board.name}`}>
          <span>Delete “{board.name}” and everything on it?</span>
          <button className="lb-button lb-button-danger" type="button" disabled={busy} onClick={() => void remove()}>
            Yes, delete
          </button>
          <button className="lb-button lb-button-quiet" type="button" onClick={() => setMode('view')}>
            Keep it
          </button>
        </span>
      ) : (
        <span className="lb-list-actions">
          {current ? null : (
            <button className="lb-button lb-button-quiet" type="button" disabled={busy} onClick={() => void select()}>
              Switch to
            </button>
          )}
          {isDefault ? null : (
            <button
              className="lb-button lb-button-quiet"
              type="button"
              disabled={busy}
              aria-label={`Make ${board.name} my default board`}
              onClick={() => void makeDefault()}
            >
              Make this my default board
            </button>
          )}
          <button className="lb-button lb-button-quiet" type="button" onClick={() => setMode('rename')}>
            Rename
          </button>
          <button
            className="lb-button lb-button-quiet"
            type="button"
            disabled={only}
            title={only ? 'Your only board cannot be deleted' : undefined}
            onClick={() => setMode('confirm')}
          >
            Delete
          </button>
        </span>
      )}
    </li>
  );
}

/** `/boards`: list, create, rename, switch and delete (with a confirmation; the last board stays). */
export default function Boards() {
  const boards = useStore($boards);
  const current = useStore($board);
  const defaultId = useStore($session).user?.default_board_id ?? null;
  const [form, update, , reset] = useDraft('boards:new', { name: '' });
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    void loadBoards();
  }, []);

  async function create(event: FormEvent) {
    event.preventDefault();
    const problem = checkName(form.name);
    setError(problem);
    if (problem) return;
    const board = await createBoard(form.name.trim());
    if (!board) {
      setMessage('The board could not be created. Your text is kept; please try again.');
      return;
    }
    setMessage(null);
    reset();
  }

  return (
    <div className="lb-page">
      <h1>Boards</h1>
      <p className="lb-muted">
        Each board keeps its own goals, habits and notes. Everything you see belongs to the current board; your default
        board is the one that opens when you sign in or reload the page.
      </p>
      <section className="lb-section" aria-labelledby="boards-list">
        <h2 id="boards-list">Your boards</h2>
        {boards.length === 0 ? (
          <p>No boards yet.</p>
        ) : (
          <ul className="lb-list">
            {boards.map((board) => (
              <BoardRow
                key={board.id}
                board={board}
                current={board.id === current.id}
                isDefault={board.id === defaultId}
                only={boards.length <= 1}
              />
            ))}
          </ul>
        )}
        {boards.length === 1 ? <p className="lb-muted">Your only board cannot be deleted.</p> : null}
      </section>
      <section className="lb-section" aria-labelledby="boards-new">
        <h2 id="boards-new">New board</h2>
        <form className="lb-form" onSubmit={(event) => void create(event)} noValidate>
          <FormAlert message={message} />
          <TextField
            label="Board name"
            name="new-board"
            value={form.name}
            onChange={(name) => update({ name })}
            error={error}
          />
          <button className="lb-button" type="submit">
            Create and switch to it
          </button>
        </form>
      </section>
    </div>
  );
}
