import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../scripts/rspack-common';

/** mf-creator: programs marketplace, creator dashboards, authors. */
export default remoteConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  port: 3004,
  name: 'mf_creator',
  // Drag and drop loads with the chapter order panel only; Quill, KaTeX and DOMPurify with a lesson's editor or the
  // course player.
  onDemand: {
    dnd: ['@dnd-kit/core', '@dnd-kit/sortable', '@dnd-kit/utilities', '@dnd-kit/accessibility'],
    editor: ['quill', 'parchment', 'quill-delta', 'eventemitter3', 'fast-diff', 'lodash-es'],
    formulas: ['katex'],
    sanitizer: ['dompurify'],
  },
});
