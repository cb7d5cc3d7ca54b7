import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { $board, $boards } from '@lifeboard/shared/stores/board';
import { $session } from '@lifeboard/shared/stores/session';

/**
 * Switches the current board; the switch is verified by the server (spec §4), and every area follows `$board`.
 * A board other than the default offers to become the default: the board a sign-in or a reload opens.
 */
export function BoardSwitcher() {
  const board = useStore($board);
  const boards = useStore($boards);
  const defaultId = useStore($session).user?.default_board_id ?? null;
  const [busy, setBusy] = useState(false);

  async function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    const id = Number(event.target.value);
    if (!id || id === board.id) return;
    setBusy(true);
    try {
      const { switchBoard } = await import('../board/board-actions');
      await switchBoard(id);
    } finally {
      setBusy(false);
    }
  }

  async function handleMakeDefault() {
    setBusy(true);
    try {
      const { chooseDefaultBoard } = await import('../board/board-actions');
      await chooseDefaultBoard(board);
    } finally {
      setBusy(false);
    }
  }

  const options = boards.some((item) => item.id === board.id) || !board.id ? boards : [...boards, board];
  return (
    <div className="lb-board-switcher">
      <label className="lb-board-switcher">
        <span>Board</span>
        <select
          value={board.id || ''}
          onChange={(event) => void handleChange(event)}
          disabled={busy}
          aria-label="Current board"
        >
          {board.id ? null : <option value="">No board</option>}
          {options.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </label>
      {board.id && defaultId !== null && board.id !== defaultId ? (
        <button
          type="button"
          className="lb-board-switcher__default lb-nav__link"
          disabled={busy}
          onClick={() => void handleMakeDefault()}
        >
          Make this my default board
        </button>
      ) : null}
    </div>
  );
}
