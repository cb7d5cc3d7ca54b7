import { call, isObject, readSuccess, type Body } from './call';

export interface BoardSummary {
  id: number;
  name: string;
}

export interface ProgramSubscription {
  board: BoardSummary;
}

export function isBoard(value: unknown): value is BoardSummary {
  return isObject(value) && typeof value.id === 'number' && typeof value.name === 'string';
}

const readBoard = (body: Body): BoardSummary | undefined =>
  isBoard(body.board) ? { id: body.board.id, name: body.board.name } : undefined;

export const fetchBoards = () =>
  call(
    'GET',
    '/api/board/all',
    undefined,
    (body) => (Array.isArray(body.boards) ? body.boards.filter(isBoard) : undefined),
    { loadsData: true },
  );

export const createBoard = (name: string) =>
  call('POST', '/api/board/create', { name }, readBoard, { needsSuccess: true });
export const verifyBoard = (id: number) => call('POST', '/api/board/verify', { id }, readBoard, { needsSuccess: true });
export const renameBoard = (id: number, name: string) =>
  call('POST', '/api/board/update', { id, name }, (body) => readBoard(body) ?? { id, name }, { needsSuccess: true });
export const deleteBoard = (id: number) =>
  call('POST', '/api/board/delete', { id }, readSuccess, { needsSuccess: true });

export interface SubscribeInput {
  programId: number;
  isSubscribing: boolean;
  currentBoardId: number;
}

/** `data.board` is the board the program lives in; the server sends its id as `board` and name as `boardName`. */
export const subscribeToProgram = (input: SubscribeInput) =>
  call(
    'POST',
    '/api/program/subscribe',
    { program_id: input.programId, isSubscribing: input.isSubscribing, current_board_id: input.currentBoardId },
    (body): ProgramSubscription | undefined => {
      if (isBoard(body.board)) return { board: { id: body.board.id, name: body.board.name } };
      if (typeof body.board === 'number') {
        return { board: { id: body.board, name: typeof body.boardName === 'string' ? body.boardName : '' } };
      }
      return undefined;
    },
    { needsSuccess: true },
  );
