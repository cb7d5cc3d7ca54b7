import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../scripts/rspack-common';

/** mf-journal: journal, notes, moods, shared pages and the reading & reflection collections. */
export default remoteConfig({ dir: dirname(fileURLToPath(import.meta.url)), port: 3001, name: 'mf_journal' });
