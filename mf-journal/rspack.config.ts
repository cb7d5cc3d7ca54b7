import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../scripts/rspack-common';

/** mf-journal: journal, notes, moods, shared pages and the reading & reflection collections. */
export default remoteConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  port: 3001,
  name: 'mf_journal',
  // Code for opening an entry, reading a whole text or exporting: never preloaded with the area.
  onDemand: {
    editor: ['quill', 'parchment', 'quill-delta', 'eventemitter3', 'fast-diff', 'lodash-es'],
    formulas: ['katex'],
    sanitizer: ['dompurify'],
    export: ['fflate', 'turndown'],
  },
});
