import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { SharedPagesScreen } from './SharedPagesScreen';
import { serveShares } from './test-shares';

let pages: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  const entries = serveModel(api, 'journal_entry', 'journalEntries');
  const notes = serveModel(api, 'note', 'notes');
  pages = serveShares(api, { journal_entry: entries, note: notes });
  entries.rows.push({
    id: 7,
    board_id: 1,
    created_at: '',
    updated_at: '',
    title: 'Lake day',
    date: '2026-11-01',
    body: '<p>Swam</p>',
  });
  notes.rows.push({ id: 3, board_id: 1, created_at: '', updated_at: '', title: 'Groceries', body: '<p>Milk</p>' });
  setBoard(1, 'Home');
});
afterEach(() => {
  cleanup();
  clearData();
});

const share = (
  id: number,
  source_model: string,
  source_id: number,
  slug: string,
  revoked_at: string | null,
  created_at = '2026-11-20T10:00:00.000Z',
) => ({ id, board_id: 1, created_at, updated_at: created_at, source_model, source_id, slug, revoked_at });
const show = () =>
  render(
    <MemoryRouter>
      <SharedPagesScreen />
    </MemoryRouter>,
  );

describe('/shared-pages', () => {
  it('lists each share with the title of what it shows, its date, its link and whether it is active', async () => {
    pages.rows.push(
      share(2, 'note', 3, 'notenotenotenotenote22', null),
      share(1, 'journal_entry', 7, 'entryentryentryentry11', '2026-11-21T09:00:00.000Z', '2026-11-19T10:00:00.000Z'),
      share(3, 'note', 99, 'gonegonegonegonegone33', null),
    );
    show();
    const table = await screen.findByRole('table', { name: 'Your shared pages, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows[0].textContent).toContain('Groceries'));
    expect(rows[0].textContent).toContain('Note');
    expect(rows[0].textContent).toContain('Fri, Nov 20th 2026');
    expect(within(rows[0]).getByRole('link', { name: '/a/notenotenotenotenote22' }).getAttribute('href')).toBe(
      `${window.location.origin}/a/notenotenotenotenote22`,
    );
    expect(within(rows[0]).getByText('Active')).toBeTruthy();
    await waitFor(() => expect(rows[1].textContent).toContain('Lake day'));
    expect(within(rows[1]).getByText(/^Revoked Sat, Nov 21st 2026$/)).toBeTruthy();
    expect(within(rows[1]).queryByRole('link')).toBeNull();
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    await waitFor(() => expect(rows[2].textContent).toContain('(deleted note)'));
  });

  it('revokes after confirming; cancelling changes nothing', async () => {
    const user = userEvent.setup();
    pages.rows.push(share(2, 'note', 3, 'notenotenotenotenote22', null));
    show();
    const revoke = await screen.findByRole('button', { name: 'Revoke the link to Groceries' });
    await user.click(revoke);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke this public link?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(pages.rows[0].revoked_at).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Revoke the link to Groceries' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(typeof pages.rows[0].revoked_at).toBe('string'));
    expect(await screen.findByText(/^Revoked /)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /\/a\// })).toBeNull();
  });

  it('says how to share when nothing is shared yet', async () => {
    show();
    expect(await screen.findByRole('heading', { name: 'Nothing shared yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'journal' }).getAttribute('href')).toBe('/journal');
  });
});
