import { memo, useEffect, useRef } from 'react';
import type Quill from 'quill';
import { Delta } from 'quill';
import type { Range } from 'quill';
import { uploadImage } from '@lifeboard/shared/api/uploads';
import { notify } from '@lifeboard/shared/stores/notifications';
import { editorFormats, historyConfig, imageMimeTypes, toolbarLayout } from '../rich-text/editor-constants';
import {
  dataUrlToBlob,
  fileNameFor,
  indexOfImage,
  insertedDataImages,
  isAcceptedImageType,
} from '../rich-text/image-upload';
import { setUpQuill, storedHtml } from '../rich-text/quill-setup';
import { sealedImageAttribute } from '../rich-text/policy';
import { encryptionState } from '../stores/encryption';
import type { SealedImageUrls } from '../rich-text/sealed-images';
import './editor.css';

/** What the page holding an editor can do with it (the editor never re-renders for text changes). */
export interface EditorHandle {
  /** The document as HTML to store (serialized now: call it when saving, not per keystroke). */
  getHtml(): string;
  /** Words in the document (for the entry's word count). */
  getWordCount(): number;
  /** Replaces the document (another tab's version, a restored draft), without an undo step. */
  setHtml(html: string): void;
  focus(): void;
}

export interface RichTextEditorProps {
  /** The accessible name of the editing area ("Entry text"). */
  label: string;
  /** The document to start with; read once, when the editor mounts. */
  initialHtml: string;
  /** Every change the user makes (cheap: no serialization, no React state). */
  onInput?: () => void;
  /** The editing area lost focus. */
  onBlur?: () => void;
  /** Receives the handle once Quill is ready, and null when it goes. */
  onReady?: (handle: EditorHandle | null) => void;
  /** A journal entry's or note's text: while encryption is on, its images are sealed before they are uploaded. */
  encryptable?: boolean;
}

/** The embed an uploaded image becomes: an address, or (encryption on) the id of the image sealed here. */
type Embed = { format: 'image'; value: string } | { format: 'sealed-image'; value: string };

/** Uploads an image as the text requires: sealed with the data key while encryption is on, else as it is. */
async function uploadFor(file: Blob, name: string, encryptable: boolean): Promise<Embed> {
  if (encryptable && (await encryptionState()).material?.state === 'on') {
    const { uploadOwnSealedImage } = await import('../rich-text/sealed-images');
    return { format: 'sealed-image', value: await uploadOwnSealedImage(file) };
  }
  return { format: 'image', value: (await uploadImage(file, name)).url };
}

/** Shows the editor's sealed images decrypted (a `blob:` address on the element; stored text keeps the id). */
async function showSealedInEditor(root: HTMLElement, urls: SealedImageUrls): Promise<void> {
  const { wordsFor } = await import('../rich-text/sealed-images');
  for (const image of Array.from(root.querySelectorAll<HTMLImageElement>(`img[${sealedImageAttribute}]:not([src])`))) {
    void urls.resolve(image.getAttribute(sealedImageAttribute) ?? '').then((shown) => {
      if (shown.state === 'open') image.src = shown.url;
      else image.alt = wordsFor(shown.state);
    });
  }
}

function loadHtml(quill: Quill, html: string): void {
  quill.setContents(quill.clipboard.convert({ html }), 'silent');
  quill.history.clear();
}

/** Uploads one image file and inserts its URL at `index`; failures are told, never inlined. */
async function uploadAndInsert(
  quill: Quill,
  file: File | Blob,
  index: number,
  encryptable: boolean,
  onInput?: () => void,
): Promise<void> {
  if (!isAcceptedImageType(file.type)) {
    notify({
      kind: 'error',
      message: `Images must be PNG, GIF, JPEG, BMP or ICO (this one is ${file.type || 'of an unknown type'}).`,
    });
    return;
  }
  try {
    const name = file instanceof File && file.name ? file.name : fileNameFor(file.type);
    const embed = await uploadFor(file, name, encryptable);
    const at = Math.min(index, quill.getLength() - 1);
    quill.insertEmbed(at, embed.format, embed.value, 'user');
    quill.setSelection(at + 1, 0, 'silent');
    onInput?.();
  } catch (error) {
    notify({
      kind: 'error',
      message: `The image was not added: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

/** A pasted or dropped `data:` image is uploaded, then its inline copy is swapped for the URL (or removed). */
async function replaceDataImage(
  quill: Quill,
  dataUrl: string,
  encryptable: boolean,
  onInput?: () => void,
): Promise<void> {
  const blob = dataUrlToBlob(dataUrl);
  let embed: Embed | null = null;
  if (blob && isAcceptedImageType(blob.type)) {
    try {
      embed = await uploadFor(blob, fileNameFor(blob.type), encryptable);
    } catch (error) {
      notify({
        kind: 'error',
        message: `The pasted image was not added: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  } else {
    notify({
      kind: 'error',
      message: 'The pasted image was not added: only PNG, GIF, JPEG, BMP and ICO images can be used.',
    });
  }
  const index = indexOfImage(quill.getContents().ops, dataUrl);
  if (index < 0) return;
  const change = new Delta().retain(index).delete(1);
  quill.updateContents(embed ? change.insert({ [embed.format]: embed.value }) : change, 'api');
  onInput?.();
}

function pickImage(quill: Quill, encryptable: boolean, onInput?: () => void): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = imageMimeTypes.join(',');
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (!file) return;
    const range = quill.getSelection(true);
    void uploadAndInsert(quill, file, range.index, encryptable, onInput);
  });
  input.click();
}

function setLabels(element: HTMLElement, label: string): void {
  element.querySelector('.ql-toolbar')?.setAttribute('aria-label', `${label}: formatting`);
  element.querySelector('.ql-editor')?.setAttribute('aria-label', label);
}

/**
 * The rich-text editor (Quill 2, snow theme) with every format of spec §1 and the constants of §5/§9.
 * Quill owns the DOM inside; React renders this component once. Typing costs Quill's own work plus one
 * `onInput()` call: the page serializes (`getHtml`) only when it saves.
 */
function RichTextEditorView({
  label,
  initialHtml,
  onInput,
  onBlur,
  onReady,
  encryptable = false,
}: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  // Callbacks through a ref: a new function from the page must not rebuild the editor.
  const callbacks = useRef({ onInput, onBlur, onReady });
  callbacks.current = { onInput, onBlur, onReady };
  const initial = useRef(initialHtml);
  const sealing = useRef(encryptable);

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const QuillClass = setUpQuill();
    const container = document.createElement('div');
    element.append(container);
    const input = () => callbacks.current.onInput?.();
    const quill: Quill = new QuillClass(container, {
      theme: 'snow',
      formats: editorFormats,
      modules: {
        toolbar: { container: toolbarLayout, handlers: { image: () => pickImage(quill, sealing.current, input) } },
        history: historyConfig,
        uploader: {
          mimetypes: [...imageMimeTypes],
          handler: (range: Range, files: File[]) => {
            files.forEach(
              (file, offset) => void uploadAndInsert(quill, file, range.index + offset, sealing.current, input),
            );
          },
        },
      },
    });
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    loadHtml(quill, initial.current);
    // The blob: addresses of the decrypted images live as long as this editor.
    let sealedUrls: SealedImageUrls | null = null;
    let closed = false;
    const showSealed = () => {
      if (!quill.root.querySelector(`img[${sealedImageAttribute}]:not([src])`)) return;
      void import('../rich-text/sealed-images').then(({ ownImages, SealedImageUrls }) => {
        if (closed) return;
        sealedUrls ??= new SealedImageUrls(ownImages);
        void showSealedInEditor(quill.root, sealedUrls);
      });
    };
    showSealed();

    quill.on('text-change', (change, _old, source) => {
      for (const dataUrl of insertedDataImages(change.ops))
        void replaceDataImage(quill, dataUrl, sealing.current, input);
      showSealed();
      if (source === 'user') input();
    });
    const handleBlur = () => callbacks.current.onBlur?.();
    quill.root.addEventListener('blur', handleBlur);

    const handle: EditorHandle = {
      getHtml: () => (quill.getLength() <= 1 ? '' : storedHtml(quill.getSemanticHTML())),
      getWordCount: () => quill.getText().split(/\s+/).filter(Boolean).length,
      setHtml: (html) => {
        loadHtml(quill, html);
        showSealed();
      },
      focus: () => quill.focus(),
    };
    callbacks.current.onReady?.(handle);
    return () => {
      closed = true;
      sealedUrls?.dispose();
      callbacks.current.onReady?.(null);
      quill.root.removeEventListener('blur', handleBlur);
      element.replaceChildren();
    };
  }, []);

  // Runs after the effect above (same commit), so the new toolbar and area get their names at once.

  useEffect(() => {
    if (host.current) setLabels(host.current, label);
  }, [label]);

  return <div ref={host} className="lb-editor" data-testid="rich-text-editor" />;
}

/** Memoized: the page re-rendering (title typed, status changed) never touches the editor. */
export const RichTextEditor = memo(RichTextEditorView);
export default RichTextEditor;
