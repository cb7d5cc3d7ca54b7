import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '../lib/test-fake-api';
import { setBoard } from '../stores/board';
import { clearData } from '../stores/data';
import { dismissAll } from '../stores/notifications';
import { ModelDetailRoute } from './ModelDetail';
import { serveModel } from './model/test-backend';
import type { FakeTable } from './model/test-backend';

let books: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  books = serveModel(api, 'book', 'books');
  books.rows.push({ id: 5, board_id: 1, created_at: '', updated_at: '', title: 'Dune', status: 'read', rating: 5 });
});
afterEach(() => {
  cleanup();
  clearData();
  dismissAll();
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/books" element={<p>Book list</p>} />
        <Route path="/books/:id" element={<ModelDetailRoute model="book" backHref="/books" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ModelDetailRoute', () => {
  it('shows the record, saves an edit and shows the new value', async () => {
    const user = userEvent.setup();
    renderAt('/books/5');
    expect(await screen.findByRole('heading', { name: 'Dune', level: 1 })).toBeTruthy();
    expect(screen.getByText('Read')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const title = screen.getByLabelText('Title (required)');
    await user.clear(title);
    await user.type(title, 'Dune Messiah');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Dune Messiah', level: 1 })).toBeTruthy();
    await waitFor(() => expect(books.rows[0]).toMatchObject({ title: 'Dune Messiah', rating: 5 }));
    const update = api.requests.filter((r) => r.path === '/api/book/update').at(-1)?.body;
    expect(update).toEqual({ board: 1, params: { id: 5, title: 'Dune Messiah' } });
  });

  it('deletes and returns to the list', async () => {
    const user = userEvent.setup();
    renderAt('/books/5');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Book list')).toBeTruthy();
    expect(books.rows).toHaveLength(0);
  });

  it('explains an unknown id with an error panel and a retry', async () => {
    renderAt('/books/99');
    expect(await screen.findByText('Could not open this book')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
