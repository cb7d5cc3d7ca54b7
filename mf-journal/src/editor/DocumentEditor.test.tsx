import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import Quill from 'quill';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { saveDraft } from '@lifeboard/shared/stores/drafts';
import { clearSession, setSession } from '@lifeboard/shared/stores/session';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { draftKeyFor, findDraft } from './autosave';
import type { DraftContent } from './autosave';
import { DocumentEditor } from './DocumentEditor';
import { serveVersionedUpdates } from './test-versioned';
import { testUser } from './test-user';

// KaTeX checks for quirks mode when it loads, and happy-dom reports every document as quirky.
vi.hoisted(() => Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true }));

let notes: FakeTable;
const stored: AnyRecord = {
  id: 5,
  board_id: 1,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  title: 'Stored',
  body: '<p>stored words</p>',
};

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setSession('token', testUser(7));
  notes = serveModel(api, 'note', 'notes');
  serveVersionedUpdates(api, 'note', notes);
  notes.rows.push({ ...stored });
  setBoard(1, 'Home');
});
afterEach(() => {
  cleanup();
  clearData();
  clearSession();
});

const defaults = { title: '' };

function open(onSaved = vi.fn()) {
  render(
    <DocumentEditor
      model="note"
      record={stored}
      defaults={defaults}
      bodyLabel="Note text"
      onSaved={onSaved}
      onClose={() => undefined}
    />,
  );
  return screen.findByRole('textbox', { name: 'Note text' }, { timeout: 5000 });
}

describe('DocumentEditor', () => {
  it('restores a draft left by a reload or a sign-out, and saves it', { timeout: 15_000 }, async () => {
    saveDraft<DraftContent>(draftKeyFor('note', 5), {
      id: 5,
      base: stored.updated_at,
      fields: { title: 'Unsaved title', body: '<p>unsaved words</p>' },
    });
    const area = await open();
    expect(screen.getByRole('note').textContent).toMatch(/^Restored changes that were not saved yet/);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Unsaved title');
    expect(area.textContent).toBe('unsaved words');
    await waitFor(() => expect(notes.rows[0]).toMatchObject({ title: 'Unsaved title', body: '<p>unsaved words</p>' }), {
      timeout: 3000,
    });
    await waitFor(() => expect(findDraft('note', 5)).toBeNull());
  });

  it('can discard a restored draft and go back to the stored version', { timeout: 15_000 }, async () => {
    saveDraft<DraftContent>(draftKeyFor('note', 5), {
      id: 5,
      base: stored.updated_at,
      fields: { title: 'Unsaved title', body: '<p>unsaved</p>' },
    });
    const area = await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Stored');
    expect(area.textContent).toBe('stored words');
    expect(findDraft('note', 5)).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it(
    'sends again, without a notice, a draft whose text the copy shown already has (a save cut off by a reload)',
    { timeout: 15_000 },
    async () => {
      // The list cached on this device kept the optimistic text; the server never got it.
      notes.rows[0] = { ...stored, body: '<p>older words</p>' };
      saveDraft<DraftContent>(draftKeyFor('note', 5), {
        id: 5,
        base: stored.updated_at,
        fields: { title: 'Stored', body: '<p>stored words</p>' },
      });
      await open();
      expect(screen.queryByRole('note')).toBeNull();
      await waitFor(() => expect(notes.rows[0].body).toBe('<p>stored words</p>'), { timeout: 3000 });
      await waitFor(() => expect(findDraft('note', 5)).toBeNull());
      expect(screen.getByRole('status', { name: 'Save status' }).textContent).toBe('Saved');
    },
  );

  it('opens a document with no draft as saved, and sends nothing', async () => {
    await open();
    api.requests.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.getByRole('status', { name: 'Save status' }).textContent).toBe('Saved');
    expect(api.requests.filter((r) => r.path === '/api/note/update')).toHaveLength(0);
  });

  it('shows another tab’s save at once when this tab has no changes', { timeout: 15_000 }, async () => {
    const area = await open();
    const otherTab = new BroadcastChannel('lifeboard:saved-documents');
    otherTab.postMessage({
      model: 'note',
      from: 'tab-b',
      record: { ...stored, title: 'From tab B', body: '<p>tab B words</p>', updated_at: '2026-11-02T09:00:00.000Z' },
    });
    await waitFor(() => expect(area.textContent).toBe('tab B words'));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('From tab B');
    otherTab.close();
  });

  it(
    'keeps typing out of React: a burst of keystrokes re-renders the page once (the status), not per key',
    { timeout: 15_000 },
    async () => {
      let renders = 0;
      render(
        <Profiler
          id="editor"
          onRender={() => {
            renders++;
          }}
        >
          <DocumentEditor
            model="note"
            record={stored}
            defaults={defaults}
            bodyLabel="Note text"
            onSaved={vi.fn()}
            onClose={() => undefined}
          />
        </Profiler>,
      );
      const area = await screen.findByRole('textbox', { name: 'Note text' }, { timeout: 5000 });
      const quill = Quill.find(area.parentElement as HTMLElement);
      if (!(quill instanceof Quill)) throw new Error('no Quill instance');
      const before = renders;
      for (const letter of 'typing') quill.insertText(quill.getLength() - 1, letter, 'user');
      expect(area.textContent).toBe('stored wordstyping');
      await waitFor(() =>
        expect(screen.getByRole('status', { name: 'Save status' }).textContent).toBe('Unsaved changes'),
      );
      expect(renders - before).toBe(1);
    },
  );
  it('saves at once on Ctrl+S', { timeout: 15_000 }, async () => {
    // Its own note: an editor closed by the previous test may still be saving note 5.
    const own = { ...stored, id: 6 };
    notes.rows[0] = { ...own };
    render(
      <DocumentEditor
        model="note"
        record={own}
        defaults={defaults}
        bodyLabel="Note text"
        onSaved={vi.fn()}
        onClose={() => undefined}
      />,
    );
    await screen.findByRole('textbox', { name: 'Note text' }, { timeout: 5000 });
    const user = userEvent.setup();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, '!');
    api.requests.length = 0;
    await user.keyboard('{Control>}s{/Control}');
    // Well before the 1 s autosave pause would have saved it.
    await waitFor(() => expect(notes.rows[0].title).toBe('Stored!'), { timeout: 500 });
    // Only note 6's: the previous test's closed editor may still be sending note 5 (its save waits on the check of
    // whether the journal is encrypted, stores/encryption.ts).
    const updates = api.requests.filter((r) => r.path === '/api/note/update');
    expect(updates.filter((r) => JSON.stringify(r.body).includes('"id":6'))).toHaveLength(1);
  });

  it(
    'sends what waits as soon as the device is back online, not at the next backoff retry',
    { timeout: 15_000 },
    async () => {
      const own = { ...stored, id: 7 };
      notes.rows[0] = { ...own };
      render(
        <DocumentEditor
          model="note"
          record={own}
          defaults={defaults}
          bodyLabel="Note text"
          onSaved={vi.fn()}
          onClose={() => undefined}
        />,
      );
      await screen.findByRole('textbox', { name: 'Note text' }, { timeout: 5000 });
      api.on('POST /api/note/update', { hangUp: true });
      const user = userEvent.setup();
      await user.type(screen.getByRole('textbox', { name: 'Title' }), '!');
      await user.keyboard('{Control>}s{/Control}');
      await waitFor(() =>
        expect(screen.getByRole('status', { name: 'Save status' }).getAttribute('data-status')).toBe('offline'),
      );
      serveVersionedUpdates(api, 'note', notes);
      window.dispatchEvent(new Event('online'));
      // Well before the first retry (1 s) would have sent it.
      await waitFor(() => expect(notes.rows[0].title).toBe('Stored!'), { timeout: 500 });
    },
  );
});
