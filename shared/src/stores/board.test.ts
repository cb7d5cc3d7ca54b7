import { beforeEach, describe, expect, it, vi } from 'vitest';

async function loadModule() {
  vi.resetModules();
  return import('./board');
}

beforeEach(() => localStorage.clear());

describe('$board and $onboarded', () => {
  it('start with no board (0) and not onboarded', async () => {
    const { $board, $onboarded, $boards } = await loadModule();
    expect($board.get()).toEqual({ id: 0, name: '' });
    expect($onboarded.get()).toBe(false);
    expect($boards.get()).toEqual([]);
  });

  it('persist and read back at load', async () => {
    const first = await loadModule();
    first.setBoard(4, 'Work');
    first.setOnboarded(true);
    first.setBoards([{ id: 4, name: 'Work' }]);
    const second = await loadModule();
    expect(second.$board.get()).toEqual({ id: 4, name: 'Work' });
    expect(second.$onboarded.get()).toBe(true);
    expect(second.$boards.get()).toEqual([{ id: 4, name: 'Work' }]);
  });

  it('setBoard does not notify when nothing changes', async () => {
    const { $board, setBoard } = await loadModule();
    setBoard(4, 'Work');
    const seen: number[] = [];
    const unbind = $board.listen((board) => seen.push(board.id));
    setBoard(4, 'Work');
    setBoard(5, 'Home');
    unbind();
    expect(seen).toEqual([5]);
  });

  it('a corrupt stored board falls back to none', async () => {
    localStorage.setItem('lifeboard:board', JSON.stringify({ id: 'x' }));
    const { $board } = await loadModule();
    expect($board.get().id).toBe(0);
  });

  it('setBoards keeps only id and name', async () => {
    const { $boards, setBoards } = await loadModule();
    const fromServer = [{ id: 1, name: 'A', position: 3 }];
    setBoards(fromServer);
    expect($boards.get()).toEqual([{ id: 1, name: 'A' }]);
  });
});

describe('defaultBoardOf', () => {
  it('is the default board, named as in the user’s boards', async () => {
    const { defaultBoardOf } = await loadModule();
    expect(
      defaultBoardOf({
        default_board_id: 2,
        boards: [
          { id: 1, name: 'Home' },
          { id: 2, name: 'Work' },
        ],
      }),
    ).toEqual({ id: 2, name: 'Work' });
  });

  it('falls back to the first board without a default, and to "Default Board" for a name not listed', async () => {
    const { defaultBoardOf } = await loadModule();
    expect(defaultBoardOf({ default_board_id: null, boards: [{ id: 4, name: 'Only' }] })).toEqual({
      id: 4,
      name: 'Only',
    });
    expect(defaultBoardOf({ default_board_id: 9, boards: [] })).toEqual({ id: 9, name: 'Default Board' });
    expect(defaultBoardOf({ default_board_id: null, boards: [] })).toEqual({ id: 0, name: 'Default Board' });
  });
});
