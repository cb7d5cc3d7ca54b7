import type { User } from '../models/user';
import { persistentAtom, storageKeyPrefix } from './persistent';

export interface Board {
  /** 0 = no board selected. */
  id: number;
  name: string;
}

export const defaultBoardName = 'Default Board';
export const noBoard: Board = { id: 0, name: '' };

/**
 * The board a sign-in selects (spec §4): the user's default board, named as in the user's boards or
 * 'Default Board'. The contract gives every user a default board; an account without one falls back to its
 * first board.
 */
export function defaultBoardOf(user: Pick<User, 'default_board_id' | 'boards'>): Board {
  const boards = Array.isArray(user.boards) ? user.boards : [];
  const id = user.default_board_id ?? boards[0]?.id ?? 0;
  return { id, name: boards.find((board) => board.id === id)?.name ?? defaultBoardName };
}

function isBoard(value: unknown): value is Board {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Board).id === 'number' &&
    typeof (value as Board).name === 'string'
  );
}

function isBoardList(value: unknown): value is Board[] {
  return Array.isArray(value) && value.every(isBoard);
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

export const $board = persistentAtom<Board>(`${storageKeyPrefix}board`, noBoard, isBoard);
export const $onboarded = persistentAtom<boolean>(`${storageKeyPrefix}onboarded`, false, isBoolean);
/** The signed-in user's boards (spec §3 "boards"), for the switcher and /boards. */
export const $boards = persistentAtom<Board[]>(`${storageKeyPrefix}boards`, [], isBoardList);

export function setBoard(id: number, name: string): void {
  const current = $board.get();
  if (current.id !== id || current.name !== name) $board.set({ id, name });
}

export function setOnboarded(value: boolean): void {
  $onboarded.set(value);
}

export function setBoards(boards: Board[]): void {
  $boards.set(boards.map(({ id, name }) => ({ id, name })));
}

/**
 * The selected board's id, waiting for it when none is selected yet: right after a sign-in or a reload, the
 * board comes with the user's answer, and a form sent meanwhile belongs to that board. 0 when none came within
 * `timeoutMs`.
 */
export function selectedBoard(timeoutMs = 15_000): Promise<number> {
  const now = $board.get().id;
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(0);
    }, timeoutMs);
    const stop = $board.listen((board) => {
      if (!board.id) return;
      clearTimeout(timer);
      stop();
      resolve(board.id);
    });
  });
}
