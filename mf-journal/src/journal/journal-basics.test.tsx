import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { clearSession, setSession } from '@lifeboard/shared/stores/session';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { serveShares } from '../shared-pages/test-shares';
import { serveVersionedUpdates } from '../editor/test-versioned';
import { testUser } from '../editor/test-user';
import { JournalScreen } from './JournalScreen';
import { onThisDayParams, yearsAgo } from './journal-extras';
import { journalListParams, journalTag } from './list-params';
import { builtinTemplates, findTemplate, ownTemplates } from './templates';

// KaTeX checks for quirks mode when it loads, and happy-dom reports every document as quirky.
vi.hoisted(() => Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true }));

const today = localDate();
const year = Number(today.slice(0, 4));
const sameDayIn = (y: number) => `${y}${today.slice(4)}`;

let entries: FakeTable;
let templates: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setSession('token', testUser(7));
  entries = serveModel(api, 'journal_entry', 'journalEntries');
  serveVersionedUpdates(api, 'journal_entry', entries);
  serveModel(api, 'mood', 'moods');
  templates = serveModel(api, 'journal_template', 'journalTemplates');
  serveShares(api, { journal_entry: entries, note: serveModel(api, 'note', 'notes') });
  // The server counts the tags of every entry, not only the page shown.
  api.on('POST /api/journal/tags', () => {
    const counts = new Map<string, number>();
    for (const row of entries.rows)
      for (const tag of Array.isArray(row.tags) ? row.tags : [])
        counts.set(String(tag), (counts.get(String(tag)) ?? 0) + 1);
    return {
      body: {
        success: true,
        tags: [...counts].sort((a, b) => b[1] - a[1]).map(([tag, count]) => ({ tag, entries: count })),
      },
    };
  });
  const row = (id: number, date: string, title: string, tags: string[] = []) => ({
    id,
    board_id: 1,
    created_at: `${date}T18:30:00.000Z`,
    updated_at: `${date}T18:30:00.000Z`,
    title,
    date,
    body: `<p>${title} text</p>`,
    mood_id: null,
    word_count: 2,
    tags,
  });
  entries.rows.push(
    row(3, today, 'Today run', ['running']),
    row(2, '2026-01-10', 'Winter run', ['running', 'outdoors']),
    row(1, '2026-01-05', 'Reading', ['books']),
  );
  setBoard(1, 'Home');
  api.requests.length = 0;
});
afterEach(() => {
  cleanup();
  clearData();
  clearSession();
});

function Address() {
  const { pathname, search } = useLocation();
  return (
    <output aria-label="Address">
      {pathname}
      {search}
    </output>
  );
}

const at = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(
    <BrowserRouter>
      <Address />
      <Routes>
        <Route path="/journal" element={<JournalScreen />} />
      </Routes>
    </BrowserRouter>,
  );
};
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
const listRequests = () =>
  api.requests
    .filter((r) => r.path === '/api/journal_entry/all')
    .map((r) => (r.body as { params: Record<string, unknown> }).params);

describe('journal basics: the pieces', () => {
  it('reads a tag from the address and asks the list for it', () => {
    expect(journalTag(new URLSearchParams('tag=%20running%20'))).toBe('running');
    expect(journalTag(new URLSearchParams('tag='))).toBeNull();
    expect(journalListParams('', null, 'running')).toEqual({ tag: 'running' });
    expect(journalListParams('rain', '2026-11-20', null)).toEqual({ search: 'rain', to: '2026-11-20' });
  });

  it('asks "On this day" for the day of the year in the years before, in words', () => {
    expect(onThisDayParams('2026-11-29')).toEqual({ same_day: '11-29', to: '2025-12-31', limit: 20 });
    expect(yearsAgo('2025-11-29', '2026-11-29')).toBe('1 year ago');
    expect(yearsAgo('2023-11-29', '2026-11-29')).toBe('3 years ago');
  });

  it('finds a built-in or an own template by its reference, and nothing for an unknown one', () => {
    const own = ownTemplates([
      { id: 4, board_id: 1, created_at: '', updated_at: '', name: ' Sunday ', body: '<p>Hi</p>' },
      { id: -1, board_id: 1, created_at: '', updated_at: '', name: 'Saving', body: '' },
    ]);
    expect(own).toEqual([{ ref: 'own:4', name: 'Sunday', body: '<p>Hi</p>', own: true }]);
    expect(findTemplate('own:4', own)?.name).toBe('Sunday');
    expect(findTemplate('builtin:gratitude', own)?.body).toContain('grateful');
    expect(findTemplate('builtin:nope', own)).toBeNull();
    expect(findTemplate(null, own)).toBeNull();
    expect(new Set(builtinTemplates.map((t) => t.ref)).size).toBe(builtinTemplates.length);
  });
});

describe('/journal: tags, templates and On this day', () => {
  it('filters the list by a tag chosen beside the calendar, and shows all again', async () => {
    const user = userEvent.setup();
    at('/journal');
    const tags = await screen.findByRole('navigation', { name: 'Tags' }, { timeout: 5000 });
    await user.click(within(tags).getByRole('button', { name: 'running, 2 entries' }));
    await waitFor(() => expect(listRequests()).toContainEqual({ tag: 'running' }));
    expect(address()).toBe('/journal?tag=running');
    expect(await screen.findByText('Entries tagged “running”')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Reading' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Winter run' })).toBeTruthy();
    expect(within(tags).getByRole('button', { name: 'running, 2 entries' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Show all entries' }));
    expect(await screen.findByRole('link', { name: 'Reading' })).toBeTruthy();
    expect(address()).toBe('/journal');
  });

  it("shows each entry's tags as links to the entries with that tag", async () => {
    at('/journal');
    const link = await screen.findAllByRole('link', { name: 'Entries tagged outdoors' });
    expect(link[0].getAttribute('href')).toBe('/journal?tag=outdoors');
  });

  it('shows the entries of this day in earlier years, and no such section when there are none', async () => {
    at('/journal');
    await screen.findByRole('link', { name: 'Reading' });
    expect(screen.queryByRole('heading', { name: 'On this day' })).toBeNull();
    cleanup();
    entries.rows.push(
      { ...entries.rows[2], id: 8, title: 'A year before', date: sameDayIn(year - 1) },
      { ...entries.rows[2], id: 9, title: 'Two years before', date: sameDayIn(year - 2) },
    );
    at('/journal');
    const section = (await screen.findByRole('heading', { name: 'On this day' }, { timeout: 5000 })).closest('section');
    if (!section) throw new Error('no On this day section');
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['A year before', 'Two years before']),
    );
    expect(within(section).getByText(/^1 year ago · /)).toBeTruthy();
    expect(listRequests()).toContainEqual(onThisDayParams(today));
  });

  it('adds and removes tags on an entry, saved with it', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    at('/journal?entry=1');
    const field = await screen.findByRole('textbox', { name: 'Tags' });
    await user.type(field, 'calm{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove books' }));
    await waitFor(() => expect(entries.rows.find((r) => r.id === 1)?.tags).toEqual(['calm']), { timeout: 3000 });
  });

  it('starts a new entry from a built-in template chosen in the menu', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    at('/journal');
    await user.click(await screen.findByText('New from a template'));
    await user.click(screen.getByRole('link', { name: 'Gratitude' }));
    const text = await screen.findByRole('textbox', { name: 'Entry text' }, { timeout: 5000 });
    await waitFor(() => expect(text.textContent).toContain('Three things I am grateful for'));
    expect(address()).toBe('/journal?entry=new&template=builtin%3Agratitude');
    // Nothing is saved until the person writes.
    expect(api.requests.filter((r) => r.path === '/api/journal_entry/create')).toEqual([]);
  });

  it('saves an entry as a template, which then starts new entries', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    at('/journal?entry=2');
    await user.click(await screen.findByRole('button', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    const name = within(dialog).getByRole('textbox', { name: 'Template name' });
    expect((name as HTMLInputElement).value).toBe('Winter run');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText('Give the template a name.')).toBeTruthy();
    expect(templates.rows).toEqual([]);
    await user.type(name, 'Run log');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(templates.rows).toMatchObject([{ name: 'Run log', body: '<p>Winter run text</p>' }]));

    cleanup();
    at('/journal');
    await user.click(await screen.findByText('New from a template'));
    await user.click(await screen.findByRole('link', { name: 'Run log' }));
    const text = await screen.findByRole('textbox', { name: 'Entry text' }, { timeout: 5000 });
    await waitFor(() => expect(text.textContent).toContain('Winter run text'));
  });
});
