import { $board, $boards, setBoard, setBoards } from './board';
import type { Board } from './board';
import { clearData } from './data';

/**
 * A board the server answered with (spec §4, program subscription) becomes current: it joins the user's boards,
 * and the data of the board left behind is dropped first so no list shows two boards mixed. The shell and the
 * marketplace remote both subscribe, so the transition lives here once rather than in each.
 */
export function adoptBoard(board: Board): void {
  if (!$boards.get().some((b) => b.id === board.id)) setBoards([...$boards.get(), board]);
  if ($board.get().id !== board.id) clearData();
  setBoard(board.id, board.name);
}
