import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { ExportImportButton } from './ExportImportButton';

const api = withFakeApi();
let entries: FakeTable;
let notes: FakeTable;
let moods: FakeTable;
let categories: FakeTable;
let downloads: { name: string; bytes: Uint8Array }[];
beforeAll(async () => {
  // The dialog's chunk (with the zip and Markdown libraries) is loaded here once, so that no test's wait for the
  // dialog depends on how long the first import takes on a busy machine.
  await import('./ExportImportDialog');
}, 30_000);
beforeEach(() => {
  entries = serveModel(api, 'journal_entry', 'journalEntries');
  notes = serveModel(api, 'note', 'notes');
  moods = serveModel(api, 'mood', 'moods');
  categories = serveModel(api, 'category', 'categories');
  setBoard(1, 'Home');
  api.requests.length = 0;
  downloads = [];
  // The browser's download: keep the blob the page hands over, by the name it gives the link.
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob)
      void blob.arrayBuffer().then((buffer) => downloads.push({ name: this.download, bytes: new Uint8Array(buffer) }));
  });
});
afterEach(() => {
  cleanup();
  clearData();
  vi.restoreAllMocks();
});

const stamp = '2026-11-20T08:00:00.000Z';
function seed() {
  entries.rows.push(
    {
      id: 1,
      board_id: 1,
      created_at: stamp,
      updated_at: stamp,
      title: 'Lake day',
      date: '2026-11-16',
      body: '<p>Swam <strong>far</strong></p>',
      tags: ['summer'],
    },
    {
      id: 2,
      board_id: 1,
      created_at: stamp,
      updated_at: stamp,
      title: 'Lake day',
      date: '2026-11-16',
      body: '<p>Evening swim</p>',
    },
    {
      id: 3,
      board_id: 1,
      created_at: stamp,
      updated_at: stamp,
      title: '',
      date: '2026-11-17',
      body: '<ol><li data-list="bullet">tea</li></ol>',
    },
  );
  notes.rows.push({
    id: 4,
    board_id: 1,
    created_at: stamp,
    updated_at: stamp,
    title: 'Groceries',
    body: '<p>Milk</p>',
    pinned: true,
  });
}

async function openDialog() {
  const user = userEvent.setup();
  render(<ExportImportButton />);
  await user.click(screen.getByRole('button', { name: 'Export / import' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Export or import your journal and notes' }) };
}

async function exportZip(): Promise<Uint8Array> {
  const { user, dialog } = await openDialog();
  await user.click(within(dialog).getByRole('button', { name: 'Download export (.zip)' }));
  await screen.findByText(/^Exported /);
  await vi.waitFor(() => expect(downloads).toHaveLength(1));
  cleanup();
  return downloads[0].bytes;
}

async function importFile(file: File): Promise<HTMLElement> {
  const { user, dialog } = await openDialog();
  await user.upload(within(dialog).getByLabelText('Import a Lifeboard export (.zip or .json)'), file);
  return dialog;
}

describe('export / import', () => {
  it('exports every entry and note as Markdown files and versioned JSON in one zip', async () => {
    seed();
    for (let i = 0; i < 60; i++)
      notes.rows.push({
        id: 100 + i,
        board_id: 1,
        created_at: stamp,
        updated_at: stamp,
        title: `Idea ${i}`,
        body: `<p>${i}</p>`,
      });
    const zip = unzipSync(await exportZip());
    expect(downloads[0].name).toMatch(/^lifeboard-export-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining([
        'journal/2026-11-16-lake-day.md',
        'journal/2026-11-16-lake-day-2.md',
        'journal/2026-11-17-untitled.md',
        'notes/groceries.md',
        'notes/idea-59.md',
        'lifeboard-export.json',
      ]),
    );
    expect(strFromU8(zip['journal/2026-11-16-lake-day.md'])).toBe(
      '---\ntitle: "Lake day"\ndate: "2026-11-16"\ntags: ["summer"]\ncreated_at: "2026-11-20T08:00:00.000Z"\n---\n\n# Lake day\n\nSwam **far**\n',
    );
    expect(strFromU8(zip['journal/2026-11-17-untitled.md'])).toContain('# Untitled\n\n- tea\n');
    const json = JSON.parse(strFromU8(zip['lifeboard-export.json'])) as Record<string, unknown[]> & {
      format: string;
      version: number;
      exported_at: string;
    };
    expect(json.format).toBe('lifeboard-export');
    expect(json.version).toBe(1);
    expect(Date.parse(json.exported_at)).toBeGreaterThan(0);
    expect(json.journal_entries).toHaveLength(3);
    // 61 notes: more than one page of the API (50 here), so the cursor was followed.
    expect(json.notes).toHaveLength(61);
    expect(json.notes).toContainEqual({
      id: 4,
      created_at: stamp,
      updated_at: stamp,
      title: 'Groceries',
      body: '<p>Milk</p>',
      pinned: true,
    });
  });

  it('imports the zip into an empty board, and a second import adds nothing', async () => {
    seed();
    const zip = await exportZip();
    entries.rows = [];
    notes.rows = [];
    const first = await importFile(
      new File([zip as Uint8Array<ArrayBuffer>], 'export.zip', { type: 'application/zip' }),
    );
    expect(await within(first).findByText('4 imported, 0 already there.')).toBeTruthy();
    expect(entries.rows.map((r) => [r.title, r.date, r.body])).toEqual(
      expect.arrayContaining([
        ['Lake day', '2026-11-16', '<p>Swam <strong>far</strong></p>'],
        ['Lake day', '2026-11-16', '<p>Evening swim</p>'],
      ]),
    );
    expect(entries.rows.find((r) => r.body === '<p>Swam <strong>far</strong></p>')?.tags).toEqual(['summer']);
    expect(notes.rows[0]).toMatchObject({ title: 'Groceries', pinned: true });
    cleanup();
    const second = await importFile(new File([zip as Uint8Array<ArrayBuffer>], 'export.zip'));
    expect(await within(second).findByText('0 imported, 4 already there.')).toBeTruthy();
    expect(entries.rows).toHaveLength(3);
    expect(notes.rows).toHaveLength(1);
  });

  it('imports the JSON alone, adding only what is missing, and each record of the file once', async () => {
    seed();
    const file = {
      format: 'lifeboard-export',
      version: 1,
      exported_at: stamp,
      journal_entries: [
        { title: 'Lake day', date: '2026-11-16', body: '<p>Evening swim</p>' }, // already on the board
        { title: 'Lake day', date: '2026-11-18', body: '<p>Evening swim</p>' }, // another day: new
        { title: 'New', date: '2026-11-19', body: '<p>n</p>' },
        { title: 'New', date: '2026-11-19', body: '<p>n</p>' }, // twice in the file
      ],
      notes: [{ title: 'Groceries', body: '<p>Milk</p>', created_at: '2020-01-01T00:00:00.000Z' }],
    };
    const dialog = await importFile(
      new File([JSON.stringify(file)], 'lifeboard-export.json', { type: 'application/json' }),
    );
    expect(await within(dialog).findByText('2 imported, 3 already there.')).toBeTruthy();
    expect(entries.rows).toHaveLength(5);
  });

  it('refuses a wrong file with clear reasons and changes nothing', async () => {
    seed();
    const cases: [File, RegExp][] = [
      [new File(['hello'], 'notes.json'), /not JSON/],
      [new File([JSON.stringify({ hello: 1 })], 'other.json'), /not a Lifeboard export/],
      [
        new File(
          [
            JSON.stringify({
              format: 'lifeboard-export',
              version: 1,
              exported_at: stamp,
              journal_entries: [{ title: 'x', date: 'yesterday' }],
              notes: [],
            }),
          ],
          'bad.json',
        ),
        /journal_entries\[0\]\.date: must be a date as YYYY-MM-DD/,
      ],
      [new File([zipSync({ 'readme.txt': strToU8('hi') })], 'other.zip'), /holds no lifeboard-export\.json/],
    ];
    for (const [file, reason] of cases) {
      const dialog = await importFile(file);
      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent).toContain(`${file.name} was not imported; nothing changed.`);
      expect(alert.textContent).toMatch(reason);
      cleanup();
    }
    expect(api.requests.some((r) => r.path.endsWith('/create'))).toBe(false);
  });

  it('closes with Escape and gives focus back to its button', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export / import' }));
  });

  it("keeps an entry's mood and a note's category by value, and an import makes them again on the new board", async () => {
    entries.rows.push({
      id: 1,
      board_id: 1,
      created_at: stamp,
      updated_at: stamp,
      title: 'Good day',
      date: '2026-11-16',
      body: '<p>Sun</p>',
      mood_id: 9,
    });
    notes.rows.push({
      id: 4,
      board_id: 1,
      created_at: stamp,
      updated_at: stamp,
      title: 'Plan',
      body: '<p>Q1</p>',
      pinned: false,
      category_id: 12,
    });
    moods.rows.push({
      id: 9,
      board_id: 1,
      created_at: stamp,
      updated_at: stamp,
      score: 4,
      emotions: ['calm'],
      note: 'a walk',
      at: '2026-11-16T18:00:00.000Z',
    });
    categories.rows.push({ id: 12, board_id: 1, created_at: stamp, updated_at: stamp, name: 'Work', position: 0 });
    const zip = await exportZip();
    const files = unzipSync(zip);
    const json = JSON.parse(strFromU8(files['lifeboard-export.json'])) as {
      journal_entries: Record<string, unknown>[];
      notes: Record<string, unknown>[];
    };
    expect(json.journal_entries[0].mood).toEqual({
      score: 4,
      emotions: ['calm'],
      note: 'a walk',
      at: '2026-11-16T18:00:00.000Z',
    });
    expect(json.notes[0].category).toBe('Work');
    expect(strFromU8(files['journal/2026-11-16-good-day.md'])).toContain('mood: "4/5"');
    expect(strFromU8(files['notes/plan.md'])).toContain('category: "Work"');

    // Another board that has a "work" category already: the note joins it; the mood is made again.
    entries.rows = [];
    notes.rows = [];
    moods.rows = [];
    categories.rows = [{ id: 30, board_id: 1, created_at: stamp, updated_at: stamp, name: 'work', position: 0 }];
    const dialog = await importFile(new File([zip as Uint8Array<ArrayBuffer>], 'export.zip'));
    expect(await within(dialog).findByText('2 imported, 0 already there.')).toBeTruthy();
    expect(moods.rows).toHaveLength(1);
    expect(moods.rows[0]).toMatchObject({
      score: 4,
      emotions: ['calm'],
      note: 'a walk',
      at: '2026-11-16T18:00:00.000Z',
    });
    expect(entries.rows[0].mood_id).toBe(moods.rows[0].id);
    expect(notes.rows[0].category_id).toBe(30);
    expect(categories.rows).toHaveLength(1);
  });
});
