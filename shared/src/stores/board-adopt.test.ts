import { beforeEach, describe, expect, it } from 'vitest';
import { $board, $boards, setBoard, setBoards } from './board';
import { adoptBoard } from './board-adopt';
import { $currentNote } from './data';

const note = {
  id: 7,
  board_id: 1,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
  title: 'kept on board 1',
};

describe('adoptBoard', () => {
  beforeEach(() => {
    setBoards([{ id: 1, name: 'Personal' }]);
    setBoard(1, 'Personal');
    $currentNote.set(note);
  });

  it('adds a new board, makes it current and clears the data of the board left', () => {
    adoptBoard({ id: 9, name: 'Couch to 5k' });
    expect($board.get()).toEqual({ id: 9, name: 'Couch to 5k' });
    expect($boards.get()).toEqual([
      { id: 1, name: 'Personal' },
      { id: 9, name: 'Couch to 5k' },
    ]);
    expect($currentNote.get()).toBeNull();
  });

  it('keeps the data and the list as they are when the answered board is already current', () => {
    adoptBoard({ id: 1, name: 'Personal' });
    expect($boards.get()).toHaveLength(1);
    expect($currentNote.get()).toEqual(note);
  });
});
