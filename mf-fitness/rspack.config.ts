import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../scripts/rspack-common';

/** mf-fitness: exercises & muscles, workouts, workout sessions, sleep, health. */
export default remoteConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  port: 3003,
  name: 'mf_fitness',
  // Drag and drop loads with the workout screen's list only.
  onDemand: { dnd: ['@dnd-kit/core', '@dnd-kit/sortable', '@dnd-kit/utilities', '@dnd-kit/accessibility'] },
});
