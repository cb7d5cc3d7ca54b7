import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrowserRouter } from '@lifeboard/shared/lib/router';
import { setBoard } from '@lifeboard/shared/stores/board';
import { useOpenDocument } from './use-open-document';

const inRouter = ({ children }: { children: ReactNode }) => <BrowserRouter>{children}</BrowserRouter>;

function openJournal(board: { id: number; name: string }, search: string) {
  setBoard(board.id, board.name);
  window.history.replaceState(null, '', `/journal${search}`);
  return renderHook(() => useOpenDocument('entry'), { wrapper: inRouter });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  setBoard(0, '');
});

describe('useOpenDocument', () => {
  it('closes what is open when another board is chosen', () => {
    const { result } = openJournal({ id: 1, name: 'Home' }, '?entry=7');
    expect(result.current.editor?.id).toBe(7);
    act(() => setBoard(2, 'Work'));
    expect(result.current.editor).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('keeps a new entry open when the first board is chosen after the page loaded (the session check)', () => {
    const { result } = openJournal({ id: 0, name: '' }, '?entry=new');
    act(() => setBoard(3, 'Default Board'));
    expect(result.current.editor?.key).toBe('new');
    expect(window.location.search).toBe('?entry=new');
  });

  it('keeps the entry open when its board is renamed', () => {
    const { result } = openJournal({ id: 1, name: 'Home' }, '?entry=7');
    act(() => setBoard(1, 'Home and family'));
    expect(result.current.editor?.id).toBe(7);
  });
});
