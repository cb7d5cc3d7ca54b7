import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { AreaRoutes } from '../routes';

const api = withFakeApi();
afterEach(() => {
  cleanup();
  clearData();
});

const first = 'FirstCoverUploadId0000';
const second = 'SecondCoverUploadId000';
const program = {
  id: 8,
  board_id: 1,
  created_at: '',
  updated_at: '',
  title: 'Morning reset',
  description: '',
  price_cents: 0,
  currency: 'USD',
  status: 'draft',
  template: {},
};

/** The API as the server behaves: the program's stored cover changes only through a successful /api/program/cover. */
let stored: Record<string, unknown>;
let uploads: number;
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.requests.length = 0;
  stored = { ...program };
  uploads = 0;
  api.on('POST /api/program/all', () => ({ body: { success: true, programs: [stored] } }));
  api.on('POST /api/program/get', () => ({ body: { success: true, program: stored } }));
  api.on('GET /api/program/reviews', { body: { success: true, reviews: [] } });
  api.on('POST /api/uploads/image', () => {
    uploads += 1;
    const id = uploads === 1 ? first : second;
    return { status: 201, body: { success: true, id, url: `/api/uploads/${id}` } };
  });
  api.on('POST /api/uploads/delete', (request) => ({
    body: { success: true, id: (request.body as { id: string }).id },
  }));
  api.on('POST /api/program/cover', (request) => {
    const { upload_id: id } = request.body as { upload_id: string | null };
    stored = id
      ? { ...stored, cover: id }
      : Object.fromEntries(Object.entries(stored).filter(([key]) => key !== 'cover'));
    return { body: { success: true, program: stored } };
  });
});

const png = (name = 'sunrise.png', size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const calls = (path: string) => api.requests.filter((r) => r.path === path);

async function openEditor() {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <MemoryRouter initialEntries={['/creator-programs']}>
      <AreaRoutes />
    </MemoryRouter>,
  );
  await user.click(await screen.findByRole('button', { name: 'Edit Morning reset' }));
  const editor = await screen.findByRole('region', { name: 'Cover image' });
  return { user, editor };
}

describe("the program editor's cover", () => {
  it('uploads a cover, shows it, replaces it (the old one is the server’s to delete) and removes it', async () => {
    const { user, editor } = await openEditor();
    expect(within(editor).getByText(/No cover yet/)).toBeTruthy();
    // The form's typed text is not touched by a cover change.
    const title = screen.getByLabelText('Title (required)');
    await user.clear(title);
    await user.type(title, 'Morning reset, revised');

    await user.upload(within(editor).getByLabelText('Upload a cover'), png());
    const preview = await within(editor).findByRole('img', { name: 'Cover of “Morning reset”' });
    expect(preview.getAttribute('src')).toBe(`${api.url}/api/uploads/${first}`);
    expect(within(editor).getByRole('status').textContent).toBe('The cover is added.');
    expect(calls('/api/program/cover').map((r) => r.body)).toEqual([{ program_id: 8, upload_id: first }]);

    await user.upload(within(editor).getByLabelText('Replace the cover'), png('dusk.webp'));
    await waitFor(() =>
      expect(within(editor).getByRole('img').getAttribute('src')).toBe(`${api.url}/api/uploads/${second}`),
    );
    expect(within(editor).getByRole('status').textContent).toBe('The cover is replaced.');
    expect(calls('/api/uploads/delete')).toEqual([]);

    await user.click(within(editor).getByRole('button', { name: 'Remove the cover' }));
    await within(editor).findByText(/No cover yet/);
    expect(within(editor).queryByRole('img')).toBeNull();
    expect(within(editor).getByRole('status').textContent).toBe('The cover is removed.');
    expect(calls('/api/program/cover').at(-1)?.body).toEqual({ program_id: 8, upload_id: null });
    expect(screen.getByLabelText<HTMLInputElement>('Title (required)').value).toBe('Morning reset, revised');
  });

  it('refuses a file that is not a JPEG, PNG or WebP, or is over 10 MB, before sending anything', async () => {
    const { user, editor } = await openEditor();
    await user.upload(
      within(editor).getByLabelText('Upload a cover'),
      new File(['GIF89a'], 'party.gif', { type: 'image/gif' }),
    );
    expect(within(editor).getByRole('alert').textContent).toBe(
      '“party.gif” was not used: This file is not a JPEG, PNG or WebP image. Choose a photo or picture in one of those formats.',
    );
    await user.upload(
      within(editor).getByLabelText('Upload a cover'),
      new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(within(editor).getByRole('alert').textContent).toMatch(
      /^“notes\.pdf” was not used: This file is not a JPEG/,
    );
    await user.upload(within(editor).getByLabelText('Upload a cover'), png('huge.png', 10 * 1024 * 1024 + 1));
    expect(within(editor).getByRole('alert').textContent).toBe(
      '“huge.png” was not used: This image is over 10 MB. Choose a smaller one, or save it smaller first.',
    );
    expect(calls('/api/uploads/image')).toEqual([]);
    expect(calls('/api/program/cover')).toEqual([]);
    expect(within(editor).getByText(/No cover yet/)).toBeTruthy();
  });

  it('says why the server refused, and deletes an upload that did not become the cover', async () => {
    api.on('POST /api/uploads/image', {
      status: 415,
      body: {
        success: false,
        error: 'This file is not an image we accept. Allowed types: PNG, GIF, JPEG, BMP, ICO, WebP.',
        code: 'LB-UPLOAD-TYPE',
      },
    });
    const { user, editor } = await openEditor();
    // Named .png, but the server reads the bytes.
    await user.upload(within(editor).getByLabelText('Upload a cover'), png('renamed.png'));
    expect((await within(editor).findByRole('alert')).textContent).toBe(
      '“renamed.png” was not used: This file is not a JPEG, PNG or WebP image. Choose a photo or picture in one of those formats.',
    );
    expect(calls('/api/program/cover')).toEqual([]);

    api.on('POST /api/uploads/image', {
      status: 201,
      body: { success: true, id: first, url: `/api/uploads/${first}` },
    });
    api.on('POST /api/program/cover', {
      status: 415,
      body: { success: false, error: 'A cover must be a JPEG, PNG or WebP image.', code: 'LB-COVER-TYPE' },
    });
    await user.upload(within(editor).getByLabelText('Upload a cover'), png('actually-a.gif.png'));
    await waitFor(() =>
      expect(within(editor).getByRole('alert').textContent).toBe(
        'The cover was not changed: A cover must be a JPEG, PNG or WebP image.',
      ),
    );
    await waitFor(() => expect(calls('/api/uploads/delete').map((r) => r.body)).toEqual([{ id: first }]));
    expect(within(editor).getByText(/No cover yet/)).toBeTruthy();
  });
});
