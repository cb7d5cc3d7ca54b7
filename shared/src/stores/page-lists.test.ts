import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allTasks } from 'nanostores';
import { withFakeApi } from '../lib/test-fake-api';
import { $board, noBoard, setBoard } from './board';
import { getCollection } from './collection';
import { clearData } from './data';
import { forgetPageListPrefetch, loadPageList, pageListOf, prefetchFreshMs, prefetchPageList } from './page-lists';

/** While set, list answers wait for it. */
let answerGate: Promise<void> | null = null;
const api = withFakeApi();
beforeEach(async () => {
  answerGate = null;
  api.on('POST /api/journal_entry/all', async (request) => {
    await answerGate;
    const { board } = request.body as { board: number };
    return {
      body: {
        success: true,
        journalEntries: [{ id: board * 10, board_id: board, title: `Entry of board ${board}`, date: '2026-11-20' }],
      },
    };
  });
  setBoard(1, 'Home');
  // A list a past test left mounted reloads on that board change (stores/collection.ts).
  await allTasks();
  api.requests.length = 0;
});
afterEach(() => {
  forgetPageListPrefetch();
  clearData();
  $board.set(noBoard);
  vi.restoreAllMocks();
});

const entries = () => getCollection('journal_entry');
const listRequests = () =>
  api.requests.filter((request) => request.path === '/api/journal_entry/all').map((request) => request.body);
const journal = { model: 'journal_entry', params: {} } as const;

describe('the list a page opens with', () => {
  it('is the journal’s newest entries on /journal, up to a day with ?day=, and none in the editor', () => {
    expect(pageListOf({ pathname: '/journal', search: '' })).toEqual(journal);
    expect(pageListOf({ pathname: '/journal', search: '?day=2026-11-20' })).toEqual({
      model: 'journal_entry',
      params: { to: '2026-11-20' },
    });
    expect(pageListOf({ pathname: '/journal', search: '?day=yesterday' })).toEqual(journal);
    expect(pageListOf({ pathname: '/journal', search: '?entry=12' })).toBeNull();
    expect(pageListOf({ pathname: '/journal', search: '?entry=new' })).toBeNull();
    expect(pageListOf({ pathname: '/notes', search: '' })).toBeNull();
  });
});

describe('a list asked for ahead of its screen', () => {
  it('is taken over by the screen: one request, its answer shown', async () => {
    await prefetchPageList(journal);
    loadPageList(entries(), {});
    await allTasks();
    expect(listRequests()).toEqual([{ board: 1, params: {} }]);
    expect(
      entries()
        .$items.get()
        .map((entry) => entry.title),
    ).toEqual(['Entry of board 1']);
  });

  it('is taken over while still on its way', async () => {
    let answer = () => undefined as void;
    answerGate = new Promise((resolve) => {
      answer = resolve;
    });
    const prefetch = prefetchPageList(journal);
    await vi.waitFor(() => expect(listRequests()).toHaveLength(1));
    loadPageList(entries(), {});
    expect(entries().$status.get()).toBe('loading');
    answer();
    await prefetch;
    await allTasks();
    expect(listRequests()).toHaveLength(1);
    expect(entries().$status.get()).toBe('ready');
  });

  it('is not sent when the screen asked before it could be', async () => {
    const prefetch = prefetchPageList(journal);
    loadPageList(entries(), {});
    await prefetch;
    await allTasks();
    expect(listRequests()).toHaveLength(1);
  });

  it('is asked for once, however many times the page starts it', async () => {
    await prefetchPageList(journal);
    await prefetchPageList(journal);
    expect(listRequests()).toHaveLength(1);
  });

  it('does not stand for another list: the screen asks for its own', async () => {
    await prefetchPageList(journal);
    loadPageList(entries(), { to: '2026-11-20' });
    await allTasks();
    expect(listRequests()).toEqual([
      { board: 1, params: {} },
      { board: 1, params: { to: '2026-11-20' } },
    ]);
  });

  it('does not stand for the list of another board', async () => {
    await prefetchPageList(journal);
    setBoard(2, 'Work');
    loadPageList(entries(), {});
    await allTasks();
    expect(listRequests().map((body) => (body as { board: number }).board)).toContain(2);
    expect(
      entries()
        .$items.get()
        .map((entry) => entry.title),
    ).toEqual(['Entry of board 2']);
  });

  it('is taken once: the next visit of the page asks again', async () => {
    await prefetchPageList(journal);
    loadPageList(entries(), {});
    loadPageList(entries(), {});
    await allTasks();
    expect(listRequests()).toHaveLength(2);
  });

  it('goes stale when no screen took it in time', async () => {
    const start = Date.now();
    await prefetchPageList(journal);
    vi.spyOn(Date, 'now').mockReturnValue(start + prefetchFreshMs + 1);
    loadPageList(entries(), {});
    await allTasks();
    expect(listRequests()).toHaveLength(2);
  });

  it('leaves the list to the screen when the list stores cannot load (offline)', async () => {
    vi.doMock('./collection', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    vi.resetModules();
    const fresh = await import('./page-lists');
    await expect(fresh.prefetchPageList(journal)).resolves.toBeUndefined();
    vi.doUnmock('./collection');
    vi.resetModules();
    expect(listRequests()).toEqual([]);
  });

  it('is not asked for without a board (a sign-in under way)', async () => {
    $board.set(noBoard);
    await prefetchPageList(journal);
    expect(listRequests()).toEqual([]);
    expect(entries().$status.get()).toBe('idle');
  });
});
