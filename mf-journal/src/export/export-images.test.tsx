import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import type { RecordedRequest } from '@lifeboard/shared/lib/test-api-server';
import { newRecordUid } from '@lifeboard/shared/crypto/format';
import { openImage, sealImage } from '@lifeboard/shared/crypto/images';
import { createKeyMaterial, cryptoAlerts, type DataKey, type KeyMaterial } from '@lifeboard/shared/crypto/keys';
import { sealRecord, unsealRecord } from '@lifeboard/shared/crypto/records';
import { sealedImageHtml } from '@lifeboard/shared/rich-text/policy';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { $encryption } from '@lifeboard/shared/stores/encryption';
import { clearSession, setSession } from '@lifeboard/shared/stores/session';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import type { FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { testUser } from '../editor/test-user';
import { ExportImportButton } from './ExportImportButton';

const api = withFakeApi();
let entries: FakeTable;
let notes: FakeTable;
let downloads: Uint8Array[];
let keys: { material: KeyMaterial; dataKey: DataKey };
/** A picture's bytes, with words that show if they ever go out in the clear. */
const picture = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...strToU8('PIXELS-OF-THE-LAKE')]);
const stamp = '2026-11-20T08:00:00.000Z';

beforeAll(async () => {
  await import('./ExportImportDialog');
  keys = await createKeyMaterial(7, 'a passphrase for the export', 1_000);
}, 30_000);
beforeEach(() => {
  entries = serveModel(api, 'journal_entry', 'journalEntries');
  notes = serveModel(api, 'note', 'notes');
  serveModel(api, 'mood', 'moods');
  serveModel(api, 'category', 'categories');
  setBoard(1, 'Home');
  setSession('token', testUser(7));
  api.requests.length = 0;
  downloads = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) void blob.arrayBuffer().then((buffer) => downloads.push(new Uint8Array(buffer)));
  });
});
afterEach(() => {
  cleanup();
  clearData();
  clearSession();
  $encryption.set({ userId: null, material: null, dataKey: null });
  vi.restoreAllMocks();
});

function encryption(on: boolean, unlocked = true) {
  $encryption.set({
    userId: 7,
    material: on ? { ...keys.material, state: 'on', updated_at: stamp } : null,
    dataKey: on && unlocked ? keys.dataKey : null,
  });
}

/** A sealed upload the fake server keeps, as `GET /api/uploads/sealed/:id` serves it. */
async function storeSealed(bytes: Uint8Array): Promise<string> {
  const id = newRecordUid();
  const sealed = await sealImage(keys.dataKey, id, { type: 'image/png', bytes });
  api.on(`GET /api/uploads/sealed/${id}`, { bytes: sealed, headers: { 'Content-Type': 'application/octet-stream' } });
  return id;
}

async function openDialog() {
  const user = userEvent.setup();
  render(<ExportImportButton />);
  await user.click(screen.getByRole('button', { name: 'Export / import' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Export or import your journal and notes' }) };
}

async function importFile(file: File): Promise<HTMLElement> {
  const { user, dialog } = await openDialog();
  await user.upload(within(dialog).getByLabelText('Import a Lifeboard export (.zip or .json)'), file);
  return dialog;
}

/** An export zip made as Export makes it: one entry naming `images/<name>`, and the files given. */
function exportZip(files: Record<string, Uint8Array>, name = 'a1b2c3d4e5f6g7h8i9j0kl.png'): File {
  const json = {
    format: 'lifeboard-export',
    version: 1,
    exported_at: stamp,
    journal_entries: [{ title: 'Lake day', date: '2026-11-16', body: `<p>Swam</p><p><img src="images/${name}"></p>` }],
    notes: [{ title: 'Same lake', body: `<p><img src="images/${name}"></p>` }],
  };
  const zip = zipSync({ 'lifeboard-export.json': strToU8(JSON.stringify(json)), ...files });
  return new File([zip], 'export.zip');
}

/** The id and bytes of a sealed upload, read from its multipart request. */
async function sealedUpload(request: RecordedRequest): Promise<{ id: string; bytes: Uint8Array }> {
  const form = await new Response(request.raw as Uint8Array<ArrayBuffer>, {
    headers: { 'Content-Type': String(request.headers['content-type']) },
  }).formData();
  const file = form.get('file');
  if (!(file instanceof Blob)) throw new Error('The upload held no file.');
  return { id: String(form.get('id')), bytes: new Uint8Array(await file.arrayBuffer()) };
}

const uploads = (path: string) => api.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('images in an export', () => {
  it('exports a sealed image decrypted, as a file of the zip named by a relative path', async () => {
    encryption(true);
    const id = await storeSealed(picture);
    entries.rows.push({
      id: 1,
      board_id: 1,
      created_at: stamp,
      updated_at: stamp,
      date: '2026-11-16',
      ...(await sealRecord(keys.dataKey, 'journal_entry', {
        title: 'Lake day',
        body: `<p>Swam</p><p>${sealedImageHtml(id)}</p>`,
      })),
    });
    notes.rows.push({ id: 2, board_id: 1, created_at: stamp, updated_at: stamp, title: 'Plain', body: '<p>x</p>' });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Download export (.zip)' }));
    expect(await screen.findByText('Exported 1 journal entry and 1 note, with 1 image.')).toBeTruthy();
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    const files = unzipSync(downloads[0]);
    expect(files[`images/${id}.png`]).toEqual(picture);
    const json = JSON.parse(strFromU8(files['lifeboard-export.json'])) as { journal_entries: { body: string }[] };
    expect(json.journal_entries[0].body).toBe(`<p>Swam</p><p><img src="images/${id}.png"></p>`);
    expect(strFromU8(files['journal/2026-11-16-lake-day.md'])).toContain(`Swam\n\n![](../images/${id}.png)`);
    expect(strFromU8(files['notes/plain.md'])).toContain('x');
  });

  it('stops the export of an image while the journal is locked, as for text', async () => {
    encryption(true, false);
    const id = await storeSealed(picture);
    notes.rows.push({
      id: 2,
      board_id: 1,
      created_at: stamp,
      updated_at: stamp,
      title: 'Pic',
      body: `<p>${sealedImageHtml(id)}</p>`,
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Download export (.zip)' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(`The export was not made: ${cryptoAlerts.noDecryptKey.replace(/\.$/, '')}.`);
    expect(downloads).toEqual([]);
    expect(api.requests.some((r) => r.path.startsWith('/api/uploads/sealed/'))).toBe(false);
  });

  it('exports the text of an entry whose image was deleted, and says the image is not in the zip', async () => {
    encryption(true);
    const body = `<p>${sealedImageHtml(newRecordUid())}</p>`;
    notes.rows.push({ id: 2, board_id: 1, created_at: stamp, updated_at: stamp, title: 'Pic', body });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Download export (.zip)' }));
    expect(await screen.findByText('1 image was no longer on the server, so not in the export.')).toBeTruthy();
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    const files = unzipSync(downloads[0]);
    expect(Object.keys(files).filter((name) => name.startsWith('images/'))).toEqual([]);
  });

  it('keeps a plain upload image as it is', async () => {
    const body = '<p><img src="/api/uploads/AAAAAAAAAAAAAAAAAAAAAA"></p>';
    notes.rows.push({ id: 2, board_id: 1, created_at: stamp, updated_at: stamp, title: 'Pic', body });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Download export (.zip)' }));
    expect(await screen.findByText('Exported 0 journal entries and 1 note.')).toBeTruthy();
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    const files = unzipSync(downloads[0]);
    expect(Object.keys(files).filter((name) => name.startsWith('images/'))).toEqual([]);
    expect((JSON.parse(strFromU8(files['lifeboard-export.json'])) as { notes: { body: string }[] }).notes[0].body).toBe(
      body,
    );
  });
});

describe('images in an import', () => {
  const name = 'a1b2c3d4e5f6g7h8i9j0kl.png';

  it('uploads an image once, sealed while encryption is on, and a second import adds nothing', async () => {
    encryption(true);
    api.on('POST /api/uploads/sealed', { status: 201, body: { success: true } });
    const dialog = await importFile(exportZip({ [`images/${name}`]: picture }));
    expect(await within(dialog).findByText('2 imported, 0 already there.')).toBeTruthy();
    const sent = uploads('/api/uploads/sealed');
    expect(sent).toHaveLength(1);
    expect(uploads('/api/uploads/image')).toEqual([]);
    const { id, bytes } = await sealedUpload(sent[0]);
    expect(await openImage(keys.dataKey, id, bytes)).toEqual({ type: 'image/png', bytes: picture });
    // Nothing of the picture went out in the clear.
    expect(api.requests.map((r) => Buffer.from(r.raw).toString('latin1')).join('\n')).not.toContain(
      'PIXELS-OF-THE-LAKE',
    );
    const entry = await unsealRecord(keys.dataKey, 'journal_entry', entries.rows[0]);
    const note = await unsealRecord(keys.dataKey, 'note', notes.rows[0]);
    expect(entry.body).toBe(`<p>Swam</p><p>${sealedImageHtml(id)}</p>`);
    expect(note.body).toBe(`<p>${sealedImageHtml(id)}</p>`);

    cleanup();
    api.requests.length = 0;
    const again = await importFile(exportZip({ [`images/${name}`]: picture }));
    expect(await within(again).findByText('0 imported, 2 already there.')).toBeTruthy();
    expect(uploads('/api/uploads/sealed')).toEqual([]);
    expect(entries.rows).toHaveLength(1);
  });

  it('uploads it plain while encryption is off, named by its address', async () => {
    encryption(false);
    api.on('POST /api/uploads/image', {
      status: 201,
      body: { success: true, id: 'BBBBBBBBBBBBBBBBBBBBBB', url: '/api/uploads/BBBBBBBBBBBBBBBBBBBBBB' },
    });
    const dialog = await importFile(exportZip({ [`images/${name}`]: picture }));
    expect(await within(dialog).findByText('2 imported, 0 already there.')).toBeTruthy();
    const sent = uploads('/api/uploads/image');
    expect(sent).toHaveLength(1);
    expect(Buffer.from(sent[0].raw).toString('latin1')).toContain('PIXELS-OF-THE-LAKE');
    expect(uploads('/api/uploads/sealed')).toEqual([]);
    expect(entries.rows[0].body).toBe(`<p>Swam</p><p><img src="${api.url}/api/uploads/BBBBBBBBBBBBBBBBBBBBBB"></p>`);
  });

  it('refuses a zip without an image its entries name, and changes nothing', async () => {
    encryption(true);
    const dialog = await importFile(exportZip({}));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('export.zip was not imported; nothing changed.');
    expect(alert.textContent).toContain(`images/${name} is named in an entry or note but is not in the zip.`);
    expect(api.requests.filter((r) => r.path.startsWith('/api/uploads') || r.path.endsWith('/create'))).toEqual([]);
    expect(entries.rows).toEqual([]);
  });

  it('imports nothing while encryption is on and the journal locked', async () => {
    encryption(true, false);
    const dialog = await importFile(exportZip({ [`images/${name}`]: picture }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(`Nothing was imported: ${cryptoAlerts.noEncryptKey}`);
    expect(api.requests.filter((r) => r.path.startsWith('/api/uploads'))).toEqual([]);
    expect(entries.rows).toEqual([]);
  });
});
