import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { clearSession } from '@lifeboard/shared/stores/session';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { ShareButton } from './ShareButton';
import { PublicSharedPage } from './PublicSharedPage';
import { serveShares } from './test-shares';

let entries: FakeTable;
let notes: FakeTable;
let pages: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  entries = serveModel(api, 'journal_entry', 'journalEntries');
  notes = serveModel(api, 'note', 'notes');
  pages = serveShares(api, { journal_entry: entries, note: notes });
  entries.rows.push({
    id: 7,
    board_id: 1,
    created_at: '',
    updated_at: '',
    title: 'Lake day',
    date: '2026-11-01',
    body: '<p>Swam <strong>far</strong></p>',
  });
  notes.rows.push({ id: 3, board_id: 1, created_at: '', updated_at: '', title: 'Groceries', body: '<p>Milk</p>' });
  api.requests.length = 0;
  setBoard(1, 'Home');
});
afterEach(() => {
  cleanup();
  clearData();
});

/** The share button once the board's shares are loaded (it is busy until then). */
async function readyShareButton(): Promise<HTMLButtonElement> {
  const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Share publicly' });
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

const slugOf = (href: string | null) => /\/a\/([A-Za-z0-9_-]+)$/.exec(href ?? '')?.[1] ?? '';

describe('ShareButton', () => {
  it('creates a share and shows its public /a/:slug link, which the copy button copies', async () => {
    const user = userEvent.setup();
    render(<ShareButton model="journal_entry" id={7} />);
    await user.click(await readyShareButton());
    const link = await screen.findByRole('link', { name: /\/a\// });
    const created = api.requests.find((r) => r.path === '/api/shared_page/create');
    expect(created?.body).toEqual({ board: 1, params: { source_model: 'journal_entry', source_id: 7 } });
    expect(slugOf(link.getAttribute('href'))).toBe(pages.rows[0].slug);
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/a/${String(pages.rows[0].slug)}`);
    expect(link.getAttribute('rel')).toContain('noopener');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link.getAttribute('href'));
    expect(screen.getByRole('status').textContent).toBe('Link copied.');
  });

  it('shows the existing active share of this item instead of making another', async () => {
    pages.rows.push(
      {
        id: 90,
        board_id: 1,
        created_at: '',
        updated_at: '',
        source_model: 'journal_entry',
        source_id: 7,
        slug: 'revokedrevokedrevoked1',
        revoked_at: '2026-11-02T10:00:00.000Z',
      },
      {
        id: 91,
        board_id: 1,
        created_at: '',
        updated_at: '',
        source_model: 'note',
        source_id: 7,
        slug: 'anotherkindofsource123',
        revoked_at: null,
      },
      {
        id: 92,
        board_id: 1,
        created_at: '',
        updated_at: '',
        source_model: 'journal_entry',
        source_id: 7,
        slug: 'livelivelivelivelive12',
        revoked_at: null,
      },
    );
    render(<ShareButton model="journal_entry" id={7} />);
    const link = await screen.findByRole('link', { name: /\/a\// });
    expect(slugOf(link.getAttribute('href'))).toBe('livelivelivelivelive12');
    expect(screen.queryByRole('button', { name: 'Share publicly' })).toBeNull();
    expect(api.requests.some((r) => r.path === '/api/shared_page/create')).toBe(false);
  });

  it('cannot share a record that is not saved yet', async () => {
    render(<ShareButton model="note" id={-1} />);
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/shared_page/all')).toBe(true));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Share publicly' }).disabled).toBe(true);
  });

  it('says why when the server refuses to share', async () => {
    const user = userEvent.setup();
    render(<ShareButton model="note" id={404} />);
    await user.click(await readyShareButton());
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/shared_page/create')).toBe(true));
    expect(screen.queryByRole('link')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Share publicly' })).toBeTruthy();
  });

  it('share → public page readable signed out → revoke (after confirming) → the page answers not found', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<ShareButton model="note" id={3} />);
    await user.click(await readyShareButton());
    const slug = slugOf((await screen.findByRole('link', { name: /\/a\// })).getAttribute('href'));
    unmount();

    clearSession();
    const publicView = render(
      <MemoryRouter initialEntries={[`/a/${slug}`]}>
        <Routes>
          <Route path="/a/:id" element={<PublicSharedPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Groceries' })).toBeTruthy();
    expect(screen.getByText('Milk')).toBeTruthy();
    publicView.unmount();

    render(<ShareButton model="note" id={3} />);
    await user.click(await screen.findByRole('button', { name: 'Revoke link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this public link?' });
    expect(dialog.textContent).toContain(`/a/${slug}`);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(pages.rows[0].revoked_at).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Revoke link' }));
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByRole('button', { name: 'Share publicly' })).toBeTruthy();
    await waitFor(() => expect(typeof pages.rows[0].revoked_at).toBe('string'));
    cleanup();

    render(
      <MemoryRouter initialEntries={[`/a/${slug}`]}>
        <Routes>
          <Route path="/a/:id" element={<PublicSharedPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText(/not shared, or its link was revoked/)).toBeTruthy();
    expect(screen.queryByText('Milk')).toBeNull();
  });
});
