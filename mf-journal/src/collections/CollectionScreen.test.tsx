import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { findModel } from '@lifeboard/shared/models';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { CollectionScreen } from './CollectionScreen';
import { collectionRoutes } from './collection-routes';
import type { CollectionRoute } from './collection-routes';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
});
afterEach(() => {
  cleanup();
  clearData();
});

const routeOf = (path: string) => collectionRoutes.find((r) => r.path === path) as CollectionRoute;
const show = (path: string) =>
  render(
    <MemoryRouter>
      <CollectionScreen route={routeOf(path)} />
    </MemoryRouter>,
  );
/** The create form (the empty state has a button with the same name as its submit button). */
const formWith = (submit: string) =>
  screen
    .getAllByRole('button', { name: submit })
    .map((b) => b.closest('form'))
    .find(Boolean) as HTMLFormElement;
const row = (id: number, fields: Record<string, unknown>) => ({
  id,
  board_id: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});

describe('collections', () => {
  it.each(collectionRoutes)('$path is a working page for its model', async ({ path, model }) => {
    const def = findModel(model);
    expect(def).toBeDefined();
    serveModel(api, model, def?.state ?? model);
    show(path);
    expect(await screen.findByRole('heading', { level: 1, name: def?.plural })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: `No ${def?.plural.toLowerCase()} yet` })).toBeTruthy();
  });

  it('adds a book with its reading status and a star rating, and shows both in the list', async () => {
    const user = userEvent.setup();
    const books = serveModel(api, 'book', 'books');
    show('/books');
    await user.click(await screen.findByRole('button', { name: 'New book' }));
    const form = formWith('Add book');
    await user.type(within(form).getByLabelText('Title (required)'), 'Middlemarch');
    await user.type(within(form).getByLabelText('Author'), 'George Eliot');
    const status = within(form).getByLabelText<HTMLSelectElement>('Status');
    expect(status.value).toBe('want');
    expect(Array.from(status.options).map((o) => o.text)).toEqual(
      expect.arrayContaining(['Want to read', 'Reading', 'Read']),
    );
    await user.selectOptions(status, 'Read');
    const rating = within(form).getByRole('group', { name: 'Rating' });
    await user.click(within(rating).getByRole('radio', { name: '4 stars' }));
    expect(within(rating).getByRole<HTMLInputElement>('radio', { name: '4 stars' }).checked).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Add book' }));
    await waitFor(() => expect(books.rows).toHaveLength(1));
    expect(books.rows[0]).toMatchObject({ title: 'Middlemarch', author: 'George Eliot', status: 'read', rating: 4 });
    const list = screen.getByRole('list', { name: 'Books' });
    expect(await within(list).findByText(/Read · ★★★★☆/)).toBeTruthy();
  });

  it('narrows books by reading status', async () => {
    const user = userEvent.setup();
    serveModel(api, 'book', 'books').rows.push(
      row(1, { title: 'Dune', status: 'reading' }),
      row(2, { title: 'Emma', status: 'read', rating: 5 }),
      row(3, { title: 'Ulysses', status: 'want' }),
    );
    show('/books');
    const list = await screen.findByRole('list', { name: 'Books' });
    await within(list).findByRole('heading', { name: 'Dune' });
    const filter = screen.getByRole('group', { name: 'Show books by status' });
    await user.click(within(filter).getByRole('button', { name: 'Reading' }));
    expect(within(filter).getByRole('button', { name: 'Reading' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Dune']);
    await user.click(within(filter).getByRole('button', { name: 'Want to read' }));
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Ulysses']);
    await user.click(within(filter).getByRole('button', { name: 'All' }));
    expect(within(list).getAllByRole('heading')).toHaveLength(3);
  });

  it('keeps websites to http(s) addresses and saves their tags', async () => {
    const user = userEvent.setup();
    const sites = serveModel(api, 'website', 'websites');
    show('/websites');
    await user.click(await screen.findByRole('button', { name: 'New website' }));
    const form = formWith('Add website');
    await user.type(within(form).getByLabelText('Title (required)'), 'MDN');
    await user.type(within(form).getByLabelText('Web address'), 'javascript:alert(1)');
    await user.type(within(form).getByLabelText('Tags'), 'docs{Enter}web{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Add website' }));
    expect(await within(form).findByText(/must be an http\(s\) address/)).toBeTruthy();
    expect(sites.rows).toHaveLength(0);
    await user.clear(within(form).getByLabelText('Web address'));
    await user.type(within(form).getByLabelText('Web address'), 'https://developer.mozilla.org');
    await user.click(within(form).getByRole('button', { name: 'Add website' }));
    await waitFor(() => expect(sites.rows).toHaveLength(1));
    expect(sites.rows[0]).toMatchObject({ title: 'MDN', url: 'https://developer.mozilla.org', tags: ['docs', 'web'] });
  });
});
