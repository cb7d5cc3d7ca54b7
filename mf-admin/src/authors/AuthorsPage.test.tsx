import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { AuthorsPage, type AdminAuthor } from './AuthorsPage';

configure({ asyncUtilTimeout: 5000 });
const api = withFakeApi();
beforeEach(() => {
  api.requests.length = 0;
});
afterEach(cleanup);

const kim: AdminAuthor = {
  id: 5,
  slug: 'kim-5',
  email: 'kim@example.com',
  account_name: 'Kim',
  name: 'Kim',
  bio: null,
  photo: null,
  links: [],
  verified: false,
  verified_at: null,
  programs: 2,
  published: 1,
};

const open = () =>
  render(
    <MemoryRouter>
      <AuthorsPage />
    </MemoryRouter>,
  );

describe('/admin/authors', () => {
  it('verifies an author: the mark shows once the server says so', async () => {
    let author = kim;
    api.on('GET /api/admin/authors', () => ({ body: { success: true, authors: [author] } }));
    api.on('POST /api/admin/authors/verify', () => {
      author = { ...kim, verified: true, verified_at: '2026-11-29T08:00:00.000Z' };
      return { body: { success: true, author } };
    });
    open();
    const card = await screen.findByLabelText('Kim');
    expect(card.textContent).toContain('kim@example.com · 1 of 2 programs published');
    await userEvent.click(within(card).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(within(screen.getByLabelText('Kim')).getByTitle(/verified who this author is/)).toBeTruthy(),
    );
    expect(api.requests.find((r) => r.path === '/api/admin/authors/verify')?.body).toEqual({ id: 5, verified: true });
    expect(screen.getByRole('button', { name: 'Remove the verified mark' })).toBeTruthy();
  });

  it('edits the public page: links one a line, a line without an address refused before anything is sent', async () => {
    api.on('GET /api/admin/authors', { body: { success: true, authors: [kim] } });
    api.on('POST /api/admin/authors/update', ({ body }) => ({
      body: { success: true, author: { ...kim, ...(body as object) } },
    }));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit public page' }));
    const form = screen.getByRole('form', { name: 'Public page of Kim' });
    await user.clear(within(form).getByLabelText('Name on the page'));
    await user.type(within(form).getByLabelText('Name on the page'), 'Coach Kim');
    await user.type(within(form).getByLabelText('Bio'), 'Runs slowly, happily.');
    const links = within(form).getByLabelText(/^Links, one a line/);
    await user.type(links, 'My site');
    await user.click(within(form).getByRole('button', { name: 'Save page' }));
    expect(within(form).getByRole('alert').textContent).toContain('Line 1 of the links needs a label');
    expect(api.requests.some((r) => r.path === '/api/admin/authors/update')).toBe(false);

    await user.clear(links);
    await user.type(links, 'Website https://kim.example.com{enter}Blog https://kim.example.com/blog');
    await user.click(within(form).getByRole('button', { name: 'Save page' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/admin/authors/update')?.body).toEqual({
        id: 5,
        name: 'Coach Kim',
        bio: 'Runs slowly, happily.',
        photo: null,
        links: [
          { label: 'Website', url: 'https://kim.example.com' },
          { label: 'Blog', url: 'https://kim.example.com/blog' },
        ],
      }),
    );
  });
});
