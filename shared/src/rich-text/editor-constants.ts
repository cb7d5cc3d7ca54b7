/**
 * The editor's constants (spec §5 and §9). Kept free of Quill so lists, views and tests can read them
 * without paying for the editor's code.
 */

import { fontSizes, linkSchemes, maxIndent, videoHosts } from './policy';

/** Spec §5: link addresses may only use these schemes (the rich-text policy's); any other becomes a blank address. */
export const linkProtocols = linkSchemes;
/** What a refused link address becomes (Quill's blank address). */
export const blankAddress = 'about:blank';

/** Spec §5: indent levels 1 to 8; spec §9: the font sizes; the video players (all from the rich-text policy). */
export { fontSizes, maxIndent, videoHosts };

/** Spec §9: undo history of 100 steps; changes within 1,000 ms merge into one step. */
export const historyConfig = { delay: 1000, maxStack: 100, userOnly: true } as const;

/** Spec §9: the image types the editor accepts (picker, paste and drop). */
export const imageMimeTypes = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'] as const;

/** Spec §9: the editing area is at least this tall (applied in editor.css). */
export const minEditorHeightPx = 200;

/** The toolbar: every format of spec §1, the §9 sizes and the §5 indents. */
export const toolbarLayout = [
  [{ header: [1, 2, 3, false] }, { size: [fontSizes[0], false, fontSizes[1], fontSizes[2]] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  ['blockquote', 'code-block'],
  ['link', 'image', 'video', 'formula'],
  ['clean'],
];

/** The formats the editor allows (anything pasted outside them is dropped). */
export const editorFormats = [
  'header',
  'size',
  'bold',
  'italic',
  'underline',
  'strike',
  'list',
  'indent',
  'blockquote',
  'code-block',
  'link',
  'image',
  // An encrypted entry's image (quill-setup.ts's SealedImage).
  'sealed-image',
  'video',
  'formula',
];

/** Autosave: the save waits this long after the last keystroke, but never longer than `maxWaitMs` while typing. */
export const autosaveDelayMs = 1000;
export const autosaveMaxWaitMs = 10_000;
