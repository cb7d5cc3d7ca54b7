import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../scripts/rspack-common';

/** mf-admin: the admin area, loaded only when an admin opens /admin. */
export default remoteConfig({ dir: dirname(fileURLToPath(import.meta.url)), port: 3005, name: 'mf_admin' });
