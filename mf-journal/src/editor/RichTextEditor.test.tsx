import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import Quill from 'quill';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { $notifications, dismissAll } from '@lifeboard/shared/stores/notifications';
import { RichTextEditor } from '@lifeboard/shared/editor/RichTextEditor';
import type { EditorHandle } from '@lifeboard/shared/editor/RichTextEditor';

// KaTeX checks for quirks mode when it loads, and happy-dom reports every document as quirky.
vi.hoisted(() => Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true }));

let uploads = 0;
const api = withFakeApi();
beforeEach(() => {
  uploads = 0;
  api.on('POST /api/uploads/image', () => ({
    body: { success: true, id: `img${++uploads}`, url: `/api/uploads/img${uploads}` },
  }));
  api.requests.length = 0;
});
afterEach(() => {
  cleanup();
  dismissAll();
});

async function mount(initialHtml = '<p>Hello <strong>world</strong></p>') {
  let handle: EditorHandle | null = null;
  const onInput = vi.fn();
  const onBlur = vi.fn();
  render(
    <RichTextEditor
      label="Entry text"
      initialHtml={initialHtml}
      onInput={onInput}
      onBlur={onBlur}
      onReady={(h) => {
        handle = h;
      }}
    />,
  );
  const area = await screen.findByRole('textbox', { name: 'Entry text' });
  const quill = Quill.find(area.parentElement as HTMLElement);
  if (!(quill instanceof Quill)) throw new Error('no Quill instance');
  await waitFor(() => expect(handle).not.toBeNull());
  return { quill, onInput, onBlur, handle: handle as unknown as EditorHandle, area };
}

const pngBase64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('RichTextEditor', () => {
  it('shows the stored text in a named, multi-line text box with a formatting toolbar', async () => {
    const { area } = await mount();
    expect(area.getAttribute('aria-multiline')).toBe('true');
    expect(area.querySelector('strong')?.textContent).toBe('world');
    const toolbar = screen.getByRole('toolbar', { name: 'Entry text: formatting' });
    for (const name of [
      'bold',
      'italic',
      'underline',
      'strike',
      'link',
      'image',
      'video',
      'formula',
      'blockquote',
      'code-block',
    ]) {
      expect(toolbar.querySelector(`button[aria-label="${name}"]`), name).not.toBeNull();
    }
    expect(toolbar.querySelector('.ql-size')).not.toBeNull();
    expect(toolbar.querySelector('.ql-header')).not.toBeNull();
  });

  it('tells the page about each change without serializing, and gives the HTML when asked', async () => {
    const { quill, onInput, handle } = await mount();
    quill.insertText(quill.getLength() - 1, ' again', 'user');
    quill.insertText(0, 'Oh, ', 'user');
    expect(onInput).toHaveBeenCalledTimes(2);
    // Text typed at the end of a bold word is bold, as in any editor.
    expect(handle.getHtml()).toBe('<p>Oh, Hello <strong>world again</strong></p>');
    expect(handle.getWordCount()).toBe(4);
    quill.setText('changed by code\n', 'api');
    expect(onInput).toHaveBeenCalledTimes(2);
  });

  it('an empty document is stored as an empty string; setHtml replaces it without an undo step', async () => {
    const { handle, quill } = await mount('');
    expect(handle.getHtml()).toBe('');
    handle.setHtml('<h2>From the other tab</h2>');
    expect(handle.getHtml()).toBe('<h2>From the other tab</h2>');
    quill.history.undo();
    expect(handle.getHtml()).toBe('<h2>From the other tab</h2>');
  });

  it('uploads a dropped or picked image and inserts its URL, never its bytes', async () => {
    const { quill, onInput, handle } = await mount('<p>ab</p>');
    const uploader = quill.getModule('uploader') as {
      upload: (range: { index: number; length: number }, files: File[]) => void;
    };
    uploader.upload({ index: 1, length: 0 }, [
      new File([Uint8Array.from(atob(pngBase64), (c) => c.charCodeAt(0))], 'dot.png', { type: 'image/png' }),
    ]);
    await waitFor(() => expect(handle.getHtml()).toBe(`<p>a<img src="${api.url}/api/uploads/img1">b</p>`));
    expect(api.requests.filter((r) => r.path === '/api/uploads/image')).toHaveLength(1);
    expect(onInput).toHaveBeenCalled();
  });

  it('uploads a pasted base64 image and swaps it for the URL', async () => {
    const { quill, handle } = await mount('<p>x</p>');
    quill.clipboard.dangerouslyPasteHTML(1, `<img src="data:image/png;base64,${pngBase64}">`, 'user');
    await waitFor(() => expect(handle.getHtml()).toContain(`src="${api.url}/api/uploads/img1"`));
    expect(handle.getHtml()).not.toContain('data:');
  });

  it('removes a pasted image that cannot be uploaded and says why', async () => {
    api.on('POST /api/uploads/image', {
      status: 413,
      body: { success: false, message: 'The image is larger than 10 MB.' },
    });
    const { quill, handle } = await mount('<p>x</p>');
    quill.clipboard.dangerouslyPasteHTML(1, `<img src="data:image/png;base64,${pngBase64}">`, 'user');
    await waitFor(() => expect(handle.getHtml()).toBe('<p>x</p>'));
    expect($notifications.get().map((n) => n.message)).toContain(
      'The pasted image was not added: The image is larger than 10 MB.',
    );
  });
});
