import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../scripts/rspack-common';

/** mf-goals: goals, habits, projects, plans, planner, calendar, reports, values & mission. */
export default remoteConfig({ dir: dirname(fileURLToPath(import.meta.url)), port: 3002, name: 'mf_goals' });
