import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../scripts/rspack-common';

/** mf-goals: goals, habits, projects, plans, planner, calendar, reports, values & mission. */
const [remote, ...rest] = remoteConfig({ dir: dirname(fileURLToPath(import.meta.url)), port: 3002, name: 'mf_goals' });
// FullCalendar reaches temporal-polyfill only for a named `timeZone` option (~5 kB gzip of the calendar pages); the
// planner and the calendar give none and run in the browser's zone, so the build leaves it out.
remote.resolve = { ...remote.resolve, alias: { 'temporal-polyfill': false } };
export default [remote, ...rest];
