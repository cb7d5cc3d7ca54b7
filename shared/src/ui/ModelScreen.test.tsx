import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '../lib/test-fake-api';
import { setBoard } from '../stores/board';
import { clearData } from '../stores/data';
import { $notifications, dismissAll } from '../stores/notifications';
import { ModelScreen } from './ModelScreen';
import { Notifications } from './Notifications';
import { serveModel } from './model/test-backend';
import type { FakeTable } from './model/test-backend';

let books: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  books = serveModel(api, 'book', 'books', 2);
});
afterEach(() => {
  cleanup();
  clearData();
  dismissAll();
});

function renderScreen() {
  return render(
    <MemoryRouter>
      <ModelScreen model="book" />
      <Notifications />
    </MemoryRouter>,
  );
}

describe('ModelScreen', () => {
  it('shows an empty state whose call to action opens the form, validates from the schema, then adds the record', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('No books yet');
    await user.click(screen.getByRole('button', { name: 'Add book' }));
    const form = screen.getByRole('form', { name: 'New book' });
    await user.click(within(form).getByRole('button', { name: 'Add book' }));
    expect(await within(form).findByText('Title is required')).toBeTruthy();
    expect(books.rows).toHaveLength(0);

    await user.type(within(form).getByLabelText('Title (required)'), 'Dune');
    await user.selectOptions(within(form).getByLabelText('Status'), 'reading');
    await user.click(within(form).getByRole('button', { name: 'Add book' }));
    const list = await screen.findByRole('list', { name: 'Books' });
    await waitFor(() => expect(within(list).getByRole('heading', { name: 'Dune' })).toBeTruthy());
    await waitFor(() => expect(books.rows[0]).toMatchObject({ title: 'Dune', status: 'reading' }));
  });

  it('maps a 422 onto the fields and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New book' }));
    const form = screen.getByRole('form', { name: 'New book' });
    await user.type(within(form).getByLabelText('Title (required)'), 'Taken');
    await user.selectOptions(within(form).getByLabelText('Status'), 'want');
    books.rejectNextWith = { title: ['has already been taken'] };
    await user.click(within(form).getByRole('button', { name: 'Add book' }));
    expect(await within(form).findByText('has already been taken')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('Title (required)').value).toBe('Taken');
  });

  it('keeps a draft across a remount (a reload) and reopens the form with it', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New book' }));
    await user.type(screen.getByLabelText('Title (required)'), 'Half typed');
    cleanup();
    renderScreen();
    const input = await screen.findByLabelText('Title (required)');
    expect((input as HTMLInputElement).value).toBe('Half typed');
    expect(screen.getByText('Restored your unsaved changes.')).toBeTruthy();
  });

  it('deletes at once and undoes from the notification', async () => {
    books.rows.push({ id: 7, board_id: 1, created_at: '', updated_at: '', title: 'Emma', status: 'read' });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Delete Emma' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Emma' })).toBeNull());
    await waitFor(() => expect(books.rows).toHaveLength(0));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('heading', { name: 'Emma' })).toBeTruthy();
    expect(books.rows[0]).toMatchObject({ title: 'Emma', status: 'read' });
    expect($notifications.get().some((n) => n.action)).toBe(false);
  });

  it('reloads the list when the board changes', async () => {
    books.rows.push({ id: 3, board_id: 1, created_at: '', updated_at: '', title: 'On one', status: 'want' });
    renderScreen();
    await screen.findByRole('heading', { name: 'On one' });
    act(() => setBoard(2, 'Work'));
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/api/book/all' && (r.body as { board: number }).board === 2)).toBe(
        true,
      ),
    );
  });

  it('searches on the server after typing stops, and loads more by cursor', async () => {
    books.rows.push(
      ...['Alpha', 'Beta', 'Gamma'].map((title, i) => ({
        id: i + 1,
        board_id: 1,
        created_at: '',
        updated_at: '',
        title,
        status: 'want',
      })),
    );
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('heading', { name: 'Alpha' });
    expect(screen.queryByRole('heading', { name: 'Gamma' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Gamma' });
    await user.type(screen.getByLabelText('Search books'), 'gam');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Alpha' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Gamma' })).toBeTruthy();
    const searches = api.requests
      .filter((r) => r.path === '/api/book/all')
      .map((r) => (r.body as { params: { search?: string } }).params.search);
    expect(searches.filter(Boolean)).toEqual(['gam']);
  });
});
