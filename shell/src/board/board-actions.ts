import * as api from '@lifeboard/shared/api/boards';
import { updateUser } from '@lifeboard/shared/api/account';
import type { BoardSummary } from '@lifeboard/shared/api/boards';
import type { User } from '@lifeboard/shared/models/user';
import { $board, $boards, defaultBoardOf, setBoard, setBoards } from '@lifeboard/shared/stores/board';
import type { Board } from '@lifeboard/shared/stores/board';
import { adoptBoard } from '@lifeboard/shared/stores/board-adopt';
import { clearData } from '@lifeboard/shared/stores/data';
import { notify } from '@lifeboard/shared/stores/notifications';
import { $session, setUser } from '@lifeboard/shared/stores/session';

/** Spec §4 board selection. The shell is the only writer of `$board`; remotes read it. */

/** Makes `id` current; the data of another board is dropped first so no list shows mixed boards. */
function moveTo(id: number, name: string): void {
  if ($board.get().id !== id) clearData();
  setBoard(id, name);
}

/** "No board" (0): every failure of spec §8 that touches the board ends here. */
export function dropBoard(): void {
  moveTo(0, '');
}

/** After the user loads: the user's default board, named as in the user's boards or 'Default Board'. */
export function selectDefaultBoard(user: User): void {
  setBoards(Array.isArray(user.boards) ? user.boards : []);
  const { id, name } = defaultBoardOf(user);
  moveTo(id, name);
}

/** Switching is verified by the server: success clears all data and sets the board; failure sets 0. */
export async function switchBoard(id: number): Promise<boolean> {
  const result = await api.verifyBoard(id);
  if (!result.ok) {
    dropBoard();
    return false;
  }
  clearData();
  setBoard(result.data.id, result.data.name);
  return true;
}

/** Creates a board and, unless `select` is false, makes it current. A failure sets the board to 0. */
export async function createBoard(
  name: string,
  { select = true }: { select?: boolean } = {},
): Promise<BoardSummary | null> {
  const result = await api.createBoard(name);
  if (!result.ok) {
    dropBoard();
    return null;
  }
  const board = { id: result.data.id, name: result.data.name || name };
  setBoards([...$boards.get().filter((b) => b.id !== board.id), board]);
  if (select) {
    clearData();
    setBoard(board.id, board.name);
  }
  return board;
}

/** The board the user lands on after signing in or reloading (spec §4); null when none is set. */
export function defaultBoardId(): number | null {
  return $session.get().user?.default_board_id ?? null;
}

/**
 * Makes `id` the user's default board: the one every sign-in and reload selects (spec §4). Only the user's
 * record changes; the current board stays. A refusal changes nothing and returns false.
 */
export async function makeDefaultBoard(id: number): Promise<boolean> {
  const result = await updateUser('default_board_id', id);
  if (!result.ok) return false;
  setUser(result.data);
  return true;
}

/** `makeDefaultBoard`, for a button: the outcome is told in a toast. */
export async function chooseDefaultBoard(board: Board): Promise<boolean> {
  const ok = await makeDefaultBoard(board.id);
  notify(
    ok
      ? { kind: 'success', message: `“${board.name}” is now your default board: it opens when you sign in or reload.` }
      : { kind: 'error', message: `“${board.name}” could not be made your default board. Please try again.` },
  );
  return ok;
}

export async function loadBoards(): Promise<boolean> {
  const result = await api.fetchBoards();
  if (result.ok) setBoards(result.data);
  return result.ok;
}

export async function renameBoard(id: number, name: string): Promise<boolean> {
  const result = await api.renameBoard(id, name);
  if (!result.ok) return false;
  setBoards($boards.get().map((board) => (board.id === id ? { id, name: result.data.name } : board)));
  if ($board.get().id === id) setBoard(id, result.data.name);
  return true;
}

/** Deleting the current board moves to the first remaining one (the server keeps at least one). */
export async function deleteBoard(id: number): Promise<boolean> {
  const result = await api.deleteBoard(id);
  if (!result.ok) return false;
  const remaining = $boards.get().filter((board) => board.id !== id);
  setBoards(remaining);
  if ($board.get().id === id) {
    const next = remaining[0];
    if (next) await switchBoard(next.id);
    else dropBoard();
  }
  return true;
}

export interface SubscribeOptions {
  programId: number;
  isSubscribing: boolean;
}

/** On success the board and board name from the server become current (spec §4); a failure returns false. */
export async function subscribeToProgram({ programId, isSubscribing }: SubscribeOptions): Promise<boolean> {
  const result = await api.subscribeToProgram({ programId, isSubscribing, currentBoardId: $board.get().id });
  if (!result.ok) return false;
  adoptBoard(result.data.board);
  return true;
}
