import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { $currentNote, clearData } from '@lifeboard/shared/stores/data';
import { $notifications, dismissAll } from '@lifeboard/shared/stores/notifications';
import { clearSession, setSession } from '@lifeboard/shared/stores/session';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { serveShares } from '../shared-pages/test-shares';
import { serveVersionedUpdates } from '../editor/test-versioned';
import { testUser } from '../editor/test-user';
import { NotesScreen } from './NotesScreen';

// KaTeX checks for quirks mode when it loads, and happy-dom reports every document as quirky.
vi.hoisted(() => Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true }));

let notes: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setSession('token', testUser(7));
  notes = serveModel(api, 'note', 'notes');
  serveVersionedUpdates(api, 'note', notes);
  serveShares(api, { journal_entry: serveModel(api, 'journal_entry', 'journalEntries'), note: notes });
  serveModel(api, 'category', 'categories').rows.push(
    { id: 8, board_id: 1, created_at: '', updated_at: '', name: 'Work' },
    { id: 9, board_id: 1, created_at: '', updated_at: '', name: 'Home' },
  );
  const row = (
    id: number,
    title: string,
    created: string,
    updated: string,
    pinned: boolean,
    category_id: number | null,
  ) => ({
    id,
    board_id: 1,
    title,
    body: `<p>${title} body</p>`,
    pinned,
    category_id,
    created_at: `2026-11-${created}T10:00:00.000Z`,
    updated_at: `2026-11-${updated}T10:00:00.000Z`,
  });
  notes.rows.push(
    row(1, 'Groceries', '10', '21', false, 9),
    row(2, 'Roadmap', '12', '13', true, 8),
    row(3, 'Books to read', '15', '16', false, null),
  );
  setBoard(1, 'Home');
  api.requests.length = 0;
});
afterEach(() => {
  cleanup();
  clearData();
  clearSession();
  dismissAll();
});

// A browser router on the document's history, as in the area: the screen reads the address the browser shows.
const at = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(
    <BrowserRouter>
      <Routes>
        <Route path="/notes" element={<NotesScreen />} />
      </Routes>
    </BrowserRouter>,
  );
};

const titles = () =>
  within(screen.getByRole('list', { name: 'Notes' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('/notes', () => {
  it('shows pinned notes first, then the most recently updated; sorts by created or title', async () => {
    const user = userEvent.setup();
    at('/notes');
    await screen.findByRole('link', { name: 'Roadmap' });
    expect(titles()).toEqual(['Roadmap', 'Groceries', 'Books to read']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'title');
    expect(titles()).toEqual(['Roadmap', 'Books to read', 'Groceries']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'created');
    expect(titles()).toEqual(['Roadmap', 'Books to read', 'Groceries']);
  });

  it('filters by category and names each note’s category', async () => {
    const user = userEvent.setup();
    at('/notes');
    await screen.findByRole('link', { name: 'Roadmap' });
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Work' })).toHaveLength(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Home');
    expect(titles()).toEqual(['Groceries']);
    expect(screen.getByText('Home', { selector: '.lb-note__category' })).toBeTruthy();
  });

  it('pins a note: the updated note replaces the one with its id and moves up', async () => {
    const user = userEvent.setup();
    at('/notes');
    await user.click(await screen.findByRole('button', { name: 'Pin “Books to read”' }));
    await waitFor(() => expect(notes.rows.find((n) => n.id === 3)?.pinned).toBe(true));
    await waitFor(() => expect(titles()).toEqual(['Books to read', 'Roadmap', 'Groceries']));
    expect(screen.getByRole('button', { name: 'Pinned “Books to read”' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('searches through the API and deletes with undo', async () => {
    const user = userEvent.setup();
    at('/notes');
    await screen.findByRole('link', { name: 'Roadmap' });
    await user.type(screen.getByRole('searchbox', { name: 'Search notes' }), 'groceries');
    await waitFor(() => expect(titles()).toEqual(['Groceries']));
    const searched = api.requests
      .filter((r) => r.path === '/api/note/all')
      .map((r) => (r.body as { params: unknown }).params);
    expect(searched).toContainEqual({ search: 'groceries' });
    await user.click(screen.getByRole('button', { name: 'Delete “Groceries”' }));
    await waitFor(() => expect(notes.rows.find((n) => n.id === 1)).toBeUndefined());
    expect(screen.queryByRole('link', { name: 'Groceries' })).toBeNull();
    const undo = $notifications.get().find((n) => n.action?.label === 'Undo');
    expect(undo?.message).toBe('Note “Groceries” deleted.');
    await undo?.action?.run();
    await waitFor(() => expect(notes.rows.some((n) => n.title === 'Groceries')).toBe(true));
  });

  it(
    'opens a note in the editor with its category and pin, as the current note; edits are saved',
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      at('/notes?note=2');
      await screen.findByRole('textbox', { name: 'Note text' }, { timeout: 5000 });
      expect($currentNote.get()?.id).toBe(2);
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Category' }).value).toBe('8');
      const pinned = screen.getByRole('checkbox', { name: 'Pinned (shown first)' });
      expect((pinned as HTMLInputElement).checked).toBe(true);
      await user.click(pinned);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Home');
      await waitFor(() => expect(notes.rows.find((n) => n.id === 2)).toMatchObject({ pinned: false, category_id: 9 }), {
        timeout: 3000,
      });
      expect(screen.getByRole('status', { name: 'Save status' }).textContent).toBe('Saved');
      expect($currentNote.get()).toMatchObject({ id: 2, pinned: false, category_id: 9 });
    },
  );
});
