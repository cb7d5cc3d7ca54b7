import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { runFrames, holdFrames } from '@lifeboard/shared/lib/test-frames';
import { setBoard } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { $currentJournalEntry, clearData } from '@lifeboard/shared/stores/data';
import { clearSession, setSession } from '@lifeboard/shared/stores/session';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { serveShares } from '../shared-pages/test-shares';
import { serveVersionedUpdates } from '../editor/test-versioned';
import { testUser } from '../editor/test-user';
import { createKeyMaterial } from '@lifeboard/shared/crypto/keys';
import { sealRecord } from '@lifeboard/shared/crypto/records';
import { $encryption } from '@lifeboard/shared/stores/encryption';
import { JournalScreen } from './JournalScreen';

// KaTeX checks for quirks mode when it loads, and happy-dom reports every document as quirky.
vi.hoisted(() => Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true }));

let entries: FakeTable;
let moods: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setSession('token', testUser(7));
  entries = serveModel(api, 'journal_entry', 'journalEntries');
  serveVersionedUpdates(api, 'journal_entry', entries);
  moods = serveModel(api, 'mood', 'moods');
  serveShares(api, { journal_entry: entries, note: serveModel(api, 'note', 'notes') });
  const row = (id: number, date: string, title: string, body: string, mood_id: number | null = null) => ({
    id,
    board_id: 1,
    created_at: `${date}T18:30:00.000Z`,
    updated_at: `${date}T18:30:00.000Z`,
    title,
    date,
    body,
    mood_id,
    word_count: 2,
  });
  entries.rows.push(
    row(3, '2026-11-22', 'Lake day', '<p>Swam <strong>far</strong></p>', 50),
    row(2, '2026-11-20', 'Rainy', '<p>Stayed in</p><script>alert(1)</script>'),
    row(1, '2026-11-20', 'Morning', '<p>Early run</p>'),
  );
  moods.rows.push({ id: 50, board_id: 1, created_at: '', updated_at: '', score: 5, at: '2026-11-22T18:00:00.000Z' });
  setBoard(1, 'Home');
  api.requests.length = 0;
});
afterEach(() => {
  cleanup();
  clearData();
  clearSession();
  $encryption.set({ userId: null, material: null, dataKey: null });
});

/** The address as the router shows it. */
function Address() {
  const { pathname, search } = useLocation();
  return (
    <output aria-label="Address">
      {pathname}
      {search}
    </output>
  );
}

// A browser router on the document's history, as in the area: the screen must read the address the browser shows.
const at = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(
    <BrowserRouter>
      <Link to="/habits">Habits</Link>
      <Address />
      <Routes>
        <Route path="/journal" element={<JournalScreen />} />
        <Route path="/habits" element={<p>Habits here</p>} />
      </Routes>
    </BrowserRouter>,
  );
};
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

const listRequests = () =>
  api.requests
    .filter((r) => r.path === '/api/journal_entry/all')
    .map((r) => (r.body as { params: Record<string, unknown> }).params);
/** The requests of the list itself: not the calendar's marks (`from`), nor "On this day" (`same_day`). */
const mainListRequests = () => listRequests().filter((p) => !('from' in p) && !('same_day' in p));

describe('/journal', () => {
  it('lists entries by day, newest day first, under the spec’s date display', async () => {
    at('/journal');
    const days = await screen.findAllByRole('heading', { level: 3, name: /^\w{3}, / });
    expect(days.map((d) => d.textContent)).toEqual(['Sun, Nov 22nd 2026', 'Fri, Nov 20th 2026']);
    const friday = screen.getByRole('list', { name: 'Entries of Fri, Nov 20th 2026' });
    expect(
      within(friday)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Rainy', 'Morning']);
    expect(screen.getByText('Swam far')).toBeTruthy();
    expect(document.querySelector('.lb-entry-days script, .lb-entry-days strong')).toBeNull();
  });

  it('marks the days that have entries in the month calendar and jumps to a day', async () => {
    const user = userEvent.setup();
    at('/journal?day=2026-11-21');
    const grid = await screen.findByRole('grid', { name: 'November 2026' });
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toContain('20, Fri, Nov 20th 2026, 2 entries'),
    );
    expect(
      within(grid).getByRole('button', { name: '22, Sun, Nov 22nd 2026, 1 entry' }).hasAttribute('data-has-entries'),
    ).toBe(true);
    expect(
      within(grid).getByRole('button', { name: '23, Mon, Nov 23rd 2026, no entries' }).hasAttribute('data-has-entries'),
    ).toBe(false);
    expect(listRequests()).toContainEqual({ to: '2026-11-21' });
    expect(screen.getByText('Entries up to Sat, Nov 21st 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write for this day' }).getAttribute('href')).toBe(
      '/journal?entry=new&day=2026-11-21',
    );
    await user.click(within(grid).getByRole('button', { name: '22, Sun, Nov 22nd 2026, 1 entry' }));
    await waitFor(() => expect(listRequests()).toContainEqual({ to: '2026-11-22' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('grid', { name: 'October 2026' })).toBeTruthy();
  });

  it('searches the entries through the API’s full-text search', async () => {
    const user = userEvent.setup();
    at('/journal');
    await screen.findByText('Swam far');
    await user.type(screen.getByRole('searchbox', { name: 'Search entries' }), 'early');
    await waitFor(() => expect(listRequests()).toContainEqual({ search: 'early' }));
    await waitFor(() => expect(screen.queryByText('Swam far')).toBeNull());
    expect(screen.getByRole('link', { name: 'Morning' })).toBeTruthy();
  });

  it('searches an encrypted journal on the device: the words never go to the server', async () => {
    const { material, dataKey } = await createKeyMaterial(7, 'a passphrase for the screen', 1_000);
    $encryption.set({
      userId: 7,
      material: { ...material, state: 'on', updated_at: '2026-11-01T00:00:00.000Z' },
      dataKey,
    });
    for (const row of entries.rows)
      Object.assign(row, await sealRecord(dataKey, 'journal_entry', { title: row.title, body: row.body }));
    const user = userEvent.setup();
    at('/journal');
    await screen.findByText('Swam far');
    await user.type(screen.getByRole('searchbox', { name: 'Search entries' }), 'early');
    await waitFor(() => expect(screen.queryByText('Swam far')).toBeNull());
    expect(screen.getByRole('link', { name: 'Morning' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Rainy' })).toBeNull();
    // The device read the board's entries (ciphertext) once, with no search in any request.
    expect(listRequests().filter((params) => 'search' in params)).toEqual([]);
    expect(api.requests.map((r) => JSON.stringify(r.body ?? '')).join('\n')).not.toContain('early');
    await user.clear(screen.getByRole('searchbox', { name: 'Search entries' }));
    expect(await screen.findByText('Swam far')).toBeTruthy();
  });

  it('searches at once for a word put in the box in one go, and after a burst of typing once it stops', async () => {
    at('/journal');
    await screen.findByText('Swam far');
    const load = vi.spyOn(getCollection('journal_entry'), 'load');
    const box = screen.getByRole('searchbox', { name: 'Search entries' });
    act(() => {
      fireEvent.change(box, { target: { value: 'early' } });
    });
    // No debounce before the request: the list asks in the same turn.
    expect(load).toHaveBeenLastCalledWith({ search: 'early' });
    act(() => {
      fireEvent.change(box, { target: { value: 'earl' } });
    });
    act(() => {
      fireEvent.change(box, { target: { value: 'ear' } });
    });
    expect(load).toHaveBeenLastCalledWith({ search: 'early' });
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ search: 'ear' }));
    expect(load.mock.calls.map(([params]) => params)).not.toContainEqual({ search: 'earl' });
    // Enter searches for what the box shows without waiting.
    act(() => {
      fireEvent.change(box, { target: { value: 'staye' } });
    });
    act(() => {
      fireEvent.change(box, { target: { value: 'stayed' } });
    });
    act(() => {
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    expect(load).toHaveBeenLastCalledWith({ search: 'stayed' });
    expect(await screen.findByRole('link', { name: 'Rainy' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Morning' })).toBeNull());
    load.mockRestore();
  });

  it('takes over the list request made ahead of it, instead of asking twice', async () => {
    getCollection('journal_entry').preload({});
    at('/journal');
    expect(await screen.findByText('Swam far')).toBeTruthy();
    await waitFor(() => expect(mainListRequests()).toEqual([{}]));
  });

  it('asks again when the prefetched list is not the one shown (another day)', async () => {
    getCollection('journal_entry').preload({});
    at('/journal?day=2026-11-21');
    await waitFor(() => expect(listRequests()).toContainEqual({ to: '2026-11-21' }));
    expect(mainListRequests()).toEqual([{}, { to: '2026-11-21' }]);
  });

  it('asks for the moods and the calendar’s marks only once the first entries are painted', async () => {
    const frames = holdFrames();
    try {
      // Requests of the previous test's screen still arriving are not this screen's.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      api.requests.length = 0;
      getCollection('journal_entry').preload({});
      at('/journal');
      expect(await screen.findByText('Swam far')).toBeTruthy();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(api.requests.map((r) => r.path)).not.toContain('/api/mood/all');
      expect(listRequests().filter((p) => 'from' in p)).toEqual([]);
      await act(async () => runFrames(frames));
      await waitFor(() => expect(api.requests.map((r) => r.path)).toContain('/api/mood/all'));
      await waitFor(() => expect(listRequests().filter((p) => 'from' in p)).toHaveLength(1));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows each entry’s mood', async () => {
    at('/journal');
    const lake = (await screen.findByRole('link', { name: 'Lake day' })).closest('li');
    await waitFor(() => expect(lake?.textContent).toContain('Great'));
  });

  it(
    'writes a new entry: created after a pause in typing, kept as the current entry',
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      at('/journal');
      await user.click(await screen.findByRole('button', { name: 'New entry' }));
      const area = await screen.findByRole('textbox', { name: 'Entry text' }, { timeout: 5000 });
      expect(screen.getByRole('status', { name: 'Save status' }).textContent).toBe('Not saved yet');
      await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Market');
      expect(screen.getByRole('status', { name: 'Save status' }).textContent).toBe('Unsaved changes');
      await waitFor(() => expect(screen.getByRole('status', { name: 'Save status' }).textContent).toBe('Saved'), {
        timeout: 3000,
      });
      const created = entries.rows.find((r) => r.title === 'Market');
      expect(created).toMatchObject({ title: 'Market', body: '' });
      expect($currentJournalEntry.get()?.id).toBe(created?.id);
      // The entry got its id (and the address with it) without rebuilding the editor the user is typing in.
      expect(screen.getByRole('textbox', { name: 'Entry text' })).toBe(area);
      // Once saved it can be shared and deleted.
      expect(screen.getByRole('group', { name: 'Public sharing' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Delete entry' })).toBeTruthy();
    },
  );

  it(
    'leaves the reader where they went when the new entry is saved after they left it',
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      at('/journal');
      await user.click(await screen.findByRole('button', { name: 'New entry' }));
      await screen.findByRole('textbox', { name: 'Entry text' }, { timeout: 5000 });
      await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Quick');
      // Another link within the autosave's pause: leaving saves what was typed...
      await user.click(screen.getByRole('link', { name: 'Habits' }));
      await waitFor(() => expect(entries.rows.find((r) => r.title === 'Quick')).toBeTruthy());
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      // ...and the save that ends afterwards does not take the reader back to /journal?entry=N.
      expect(address()).toBe('/habits');
      expect(screen.getByText('Habits here')).toBeTruthy();
    },
  );

  it('leaves the address alone when the board changes after a click took the reader elsewhere', async () => {
    at('/journal');
    await screen.findByRole('button', { name: 'New entry' });
    // A click on a navigation link has changed the address; the routers hear of it a moment later, and the
    // session check chooses the user's board in that moment.
    window.history.pushState(null, '', '/habits');
    act(() => setBoard(2, 'Work'));
    expect(window.location.pathname).toBe('/habits');
  });

  it('creates no entry for a new one left empty', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    at('/journal');
    await user.click(await screen.findByRole('button', { name: 'New entry' }));
    await screen.findByRole('textbox', { name: 'Entry text' }, { timeout: 5000 });
    const title = screen.getByRole('textbox', { name: 'Title' });
    // A character typed and taken back: nothing stays, so nothing is created, not even after the pause.
    await user.type(title, 'x');
    await user.type(title, '{Backspace}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    await user.click(screen.getByRole('button', { name: 'Back to entries' }));
    await screen.findByRole('button', { name: 'New entry' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.requests.filter((r) => r.path === '/api/journal_entry/create')).toEqual([]);
    expect(entries.rows).toHaveLength(3);
  });

  it('picks a mood for an entry: logs a mood and links it', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    at('/journal?entry=2');
    const mood = await screen.findByRole('radiogroup', { name: 'Mood' });
    await user.click(within(mood).getByRole('radio', { name: 'Good' }));
    await waitFor(() => expect(moods.rows.find((m) => m.score === 4)).toBeTruthy());
    const logged = moods.rows.find((m) => m.score === 4);
    await waitFor(() => expect(entries.rows.find((r) => r.id === 2)?.mood_id).toBe(logged?.id), { timeout: 3000 });
    expect(within(mood).getByRole('radio', { name: 'Good' }).getAttribute('aria-checked')).toBe('true');
  });

  it('shows both versions when another tab saved first, and keeps mine on request', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    at('/journal?entry=1');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await screen.findByRole('textbox', { name: 'Entry text' }, { timeout: 5000 });
    // Another tab saves the entry in the meantime.
    Object.assign(entries.rows[2], { body: '<p>Other tab</p>', updated_at: '2026-11-21T08:00:00.000Z' });
    await user.type(title, ' walk');
    const conflict = await screen.findByRole(
      'alertdialog',
      { name: 'This entry was changed in another tab or device' },
      { timeout: 3000 },
    );
    expect(within(conflict).getByRole('article', { name: 'The other version' }).textContent).toContain('Other tab');
    expect(within(conflict).getByRole('article', { name: 'Your version' }).textContent).toContain('Morning walk');
    expect(entries.rows[2].title).toBe('Morning');
    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(entries.rows[2].title).toBe('Morning walk'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
  it('closes the open entry when another board is chosen', { timeout: 15_000 }, async () => {
    at('/journal?entry=1');
    await screen.findByRole('textbox', { name: 'Title' });
    setBoard(2, 'Work');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull());
    expect(screen.getByRole('button', { name: 'New entry' })).toBeTruthy();
  });
});
