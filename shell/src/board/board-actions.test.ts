import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores, keepMount } from 'nanostores';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { $board, $boards, setBoard, setBoards } from '@lifeboard/shared/stores/board';
import { createCollection } from '@lifeboard/shared/stores/collection';
import { $calendarEvents, $currentJournalEntry } from '@lifeboard/shared/stores/data';
import { makeUser } from '@lifeboard/shared/models/test-user';
import { $session, setSession } from '@lifeboard/shared/stores/session';
import {
  createBoard,
  deleteBoard,
  loadBoards,
  makeDefaultBoard,
  renameBoard,
  subscribeToProgram,
  switchBoard,
} from './board-actions';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  api.requests.length = 0;
  setBoard(10, 'Work');
  setBoards([
    { id: 10, name: 'Work' },
    { id: 11, name: 'Home' },
  ]);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  cleanStores($board, $boards);
});

const entry = { id: 5, board_id: 10, created_at: '', updated_at: '', title: 'Monday' };

describe('switchBoard (spec §4: verified by the server)', () => {
  it('on success clears all data and sets the id and name the server verified', async () => {
    api.on('POST /api/board/verify', ({ body }) => ({
      body: { success: true, board: { id: (body as { id: number }).id, name: 'Home' } },
    }));
    $currentJournalEntry.set(entry);
    $calendarEvents.set([{ id: 1, title: 'Dentist' }]);
    expect(await switchBoard(11)).toBe(true);
    expect(api.requests.at(-1)?.body).toEqual({ id: 11 });
    expect($board.get()).toEqual({ id: 11, name: 'Home' });
    expect($currentJournalEntry.get()).toBeNull();
    expect($calendarEvents.get()).toEqual([]);
  });

  it('reloads a mounted list for the new board', async () => {
    api.on('POST /api/board/verify', { body: { success: true, board: { id: 11, name: 'Home' } } });
    api.on('POST /api/habit/all', ({ body }) => {
      const board = (body as { board: number }).board;
      return {
        body: {
          success: true,
          habits: [{ id: board, board_id: board, created_at: '', updated_at: '', title: `habit of ${board}` }],
        },
      };
    });
    const habits = createCollection('habit');
    keepMount(habits.$items);
    await habits.load();
    expect(habits.$items.get().map((h) => h.title)).toEqual(['habit of 10']);
    await switchBoard(11);
    await allTasks();
    expect(habits.$items.get().map((h) => h.title)).toEqual(['habit of 11']);
    cleanStores(habits.$items);
  });

  it('on failure (success false) sets the board to 0', async () => {
    api.on('POST /api/board/verify', { body: { success: false } });
    expect(await switchBoard(99)).toBe(false);
    expect($board.get().id).toBe(0);
  });

  it("on failure (another user's board: 403) sets the board to 0", async () => {
    api.on('POST /api/board/verify', { status: 403, body: { message: 'Forbidden' } });
    expect(await switchBoard(12)).toBe(false);
    expect($board.get().id).toBe(0);
  });
});

describe('createBoard', () => {
  it("adds the board and makes it current, clearing the old board's data", async () => {
    api.on('POST /api/board/create', { status: 201, body: { success: true, board: { id: 12, name: 'Garden' } } });
    $currentJournalEntry.set(entry);
    expect(await createBoard('Garden')).toEqual({ id: 12, name: 'Garden' });
    expect(api.requests.at(-1)?.body).toEqual({ name: 'Garden' });
    expect($board.get()).toEqual({ id: 12, name: 'Garden' });
    expect($boards.get().map((b) => b.id)).toEqual([10, 11, 12]);
    expect($currentJournalEntry.get()).toBeNull();
  });

  it('can add without selecting', async () => {
    api.on('POST /api/board/create', { body: { success: true, board: { id: 13, name: 'Later' } } });
    await createBoard('Later', { select: false });
    expect($board.get().id).toBe(10);
  });

  it('a failure sets the board to 0 (spec §8)', async () => {
    api.on('POST /api/board/create', { status: 422, body: { message: 'invalid', errors: { name: ['is required'] } } });
    expect(await createBoard('')).toBeNull();
    expect($board.get().id).toBe(0);
  });
});

describe('board list', () => {
  it("loadBoards keeps the caller's boards", async () => {
    api.on('GET /api/board/all', {
      body: {
        boards: [
          { id: 10, name: 'Work' },
          { id: 14, name: 'Trips' },
        ],
      },
    });
    expect(await loadBoards()).toBe(true);
    expect($boards.get()).toEqual([
      { id: 10, name: 'Work' },
      { id: 14, name: 'Trips' },
    ]);
  });

  it('renameBoard renames the current board too', async () => {
    api.on('POST /api/board/update', { body: { success: true, board: { id: 10, name: 'Job' } } });
    expect(await renameBoard(10, 'Job')).toBe(true);
    expect($board.get()).toEqual({ id: 10, name: 'Job' });
    expect($boards.get()[0]).toEqual({ id: 10, name: 'Job' });
  });

  it('deleting the current board moves to a remaining one, verified by the server', async () => {
    api.on('POST /api/board/delete', { body: { success: true } });
    api.on('POST /api/board/verify', { body: { success: true, board: { id: 11, name: 'Home' } } });
    expect(await deleteBoard(10)).toBe(true);
    expect($boards.get()).toEqual([{ id: 11, name: 'Home' }]);
    expect($board.get()).toEqual({ id: 11, name: 'Home' });
  });

  it('a refused delete (the last board) changes nothing', async () => {
    api.on('POST /api/board/delete', { body: { success: false, message: 'The last board cannot be deleted.' } });
    expect(await deleteBoard(10)).toBe(false);
    expect($board.get().id).toBe(10);
    expect($boards.get()).toHaveLength(2);
  });
});

describe('subscribeToProgram (spec §4)', () => {
  it('on success makes the board and board name from the server current', async () => {
    api.on('POST /api/program/subscribe', { body: { success: true, board: 21, boardName: 'Couch to 5k' } });
    expect(await subscribeToProgram({ programId: 3, isSubscribing: true })).toBe(true);
    expect(api.requests.at(-1)?.body).toEqual({ program_id: 3, isSubscribing: true, current_board_id: 10 });
    expect($board.get()).toEqual({ id: 21, name: 'Couch to 5k' });
    expect($boards.get().map((b) => b.id)).toContain(21);
  });

  it('a failure returns false and keeps the board', async () => {
    api.on('POST /api/program/subscribe', { body: { success: false } });
    expect(await subscribeToProgram({ programId: 3, isSubscribing: true })).toBe(false);
    expect($board.get()).toEqual({ id: 10, name: 'Work' });
  });
});

describe('makeDefaultBoard (spec §4: the board a sign-in or reload selects)', () => {
  it('stores the user the server answers with; the current board stays', async () => {
    setSession('tok', makeUser({ default_board_id: 10 }));
    api.on('POST /api/user/update', ({ body }) => ({ body: { success: true, user: makeUser(body as object) } }));
    expect(await makeDefaultBoard(11)).toBe(true);
    expect(api.requests.at(-1)?.body).toEqual({ default_board_id: 11 });
    expect($session.get().user?.default_board_id).toBe(11);
    expect($board.get()).toEqual({ id: 10, name: 'Work' });
  });

  it('changes nothing when the server refuses', async () => {
    setSession('tok', makeUser({ default_board_id: 10 }));
    api.on('POST /api/user/update', {
      status: 422,
      body: { message: 'Invalid.', errors: { default_board_id: ['is not one of your boards'] } },
    });
    expect(await makeDefaultBoard(99)).toBe(false);
    expect($session.get().user?.default_board_id).toBe(10);
    expect($board.get()).toEqual({ id: 10, name: 'Work' });
  });
});
