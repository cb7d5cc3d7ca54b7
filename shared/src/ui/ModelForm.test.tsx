import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeApi } from '../lib/test-fake-api';
import { setBoard } from '../stores/board';
import { clearData } from '../stores/data';
import { ModelForm } from './ModelForm';
import { serveModel } from './model/test-backend';
import type { FakeTable } from './model/test-backend';

// The schema check (zod and the registry) cannot be fetched, as when the network drops before a form opens.
vi.mock('./model/validate', () => {
  throw new Error('Failed to fetch the chunk');
});

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
});

describe('ModelForm without its schema check', () => {
  it("still submits, and the server's 422 marks the fields while the typed text stays", async () => {
    const user = userEvent.setup();
    const saved = vi.fn();
    render(<ModelForm model="book" onSaved={saved} />);
    const form = screen.getByRole('form', { name: 'New book' });
    await user.type(within(form).getByLabelText('Title (required)'), 'Taken');
    books.rejectNextWith = { title: ['has already been taken'] };
    await user.click(within(form).getByRole('button', { name: 'Add book' }));
    expect(await within(form).findByText('has already been taken')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('Title (required)').value).toBe('Taken');

    await user.clear(within(form).getByLabelText('Title (required)'));
    await user.type(within(form).getByLabelText('Title (required)'), 'Dune');
    await user.click(within(form).getByRole('button', { name: 'Add book' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith(expect.objectContaining({ title: 'Dune' })));
    expect(books.rows).toMatchObject([{ title: 'Dune' }]);
  });
});

describe('a create-only field (a chapter’s first plain text)', () => {
  it('is in the form that adds a record, not in the one that edits it', () => {
    const chapter = { id: 5, board_id: 1, created_at: '', updated_at: '', title: 'Week one', body: '<h2>Rich</h2>' };
    const { unmount } = render(<ModelForm model="chapter" />);
    expect(screen.getByLabelText(/^Body/)).toBeTruthy();
    unmount();
    render(<ModelForm model="chapter" record={chapter} />);
    expect(screen.getByLabelText('Title (required)')).toBeTruthy();
    expect(screen.queryByLabelText(/^Body/)).toBeNull();
  });
});
