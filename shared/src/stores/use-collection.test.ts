import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { allTasks } from 'nanostores';
import { withFakeApi } from '../lib/test-fake-api';
import { setBoard } from './board';
import { clearData } from './data';
import { useCollection } from './use-collection';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  api.requests.length = 0;
  setBoard(1, 'Home');
  api.on('POST /api/book/all', ({ body }) => {
    const { board, params } = body as { board: number; params: { search?: string } };
    const title = `${params.search ?? 'all'} on ${board}`;
    return {
      body: {
        success: true,
        books: [{ id: board, board_id: board, created_at: '', updated_at: '', title }],
        next_cursor: 'n',
      },
    };
  });
});
afterEach(() => {
  cleanup();
  clearData();
});

describe('useCollection', () => {
  it('loads once with its params, even when rendered again with an equal inline object', async () => {
    const { result, rerender } = renderHook(({ search }) => useCollection('book', { search }), {
      initialProps: { search: 'dune' },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ search: 'dune' });
    expect(result.current.items.map((b) => b.title)).toEqual(['dune on 1']);
    expect(result.current.hasMore).toBe(true);
    expect(api.requests).toHaveLength(1);
  });

  it('reloads when the params change and when the board changes', async () => {
    const { result, rerender } = renderHook(({ search }) => useCollection('book', { search }), {
      initialProps: { search: 'a' },
    });
    await waitFor(() => expect(result.current.items[0]?.title).toBe('a on 1'));
    rerender({ search: 'b' });
    await waitFor(() => expect(result.current.items[0]?.title).toBe('b on 1'));
    act(() => setBoard(2, 'Work'));
    await allTasks();
    await waitFor(() => expect(result.current.items[0]?.title).toBe('b on 2'));
  });

  it('loads nothing while not enabled, then loads once enabled', async () => {
    // Only this hook's requests: the previous test's list (search "b") is still subscribed for a moment, and
    // reloads for this test's board.
    const mine = () => api.requests.filter((r) => JSON.stringify((r.body as { params: unknown }).params) === '{}');
    const { result, rerender } = renderHook(({ enabled }) => useCollection('book', {}, { enabled }), {
      initialProps: { enabled: false },
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(mine()).toHaveLength(0);
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.items[0]?.title).toBe('all on 1'));
    expect(mine()).toHaveLength(1);
  });
});
