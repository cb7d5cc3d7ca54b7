import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { muscles } from '../../db/schema';

/**
 * The body map's muscles (domain.md: catalogue, not per user): exactly the 17 muscles of the exercise library
 * (api/data/exercises), so a built-in exercise, a custom one, the filters and the body map all speak of the same
 * muscles. `key` is the library's own word for it. Migration 0010 folded the older, finer names into these.
 */
export const muscleCatalogue: { key: string; name: string; group: string; side: 'front' | 'back' }[] = [
  { key: 'chest', name: 'Chest', group: 'Chest', side: 'front' },
  { key: 'shoulders', name: 'Shoulders', group: 'Shoulders', side: 'front' },
  { key: 'biceps', name: 'Biceps', group: 'Arms', side: 'front' },
  { key: 'triceps', name: 'Triceps', group: 'Arms', side: 'back' },
  { key: 'forearms', name: 'Forearms', group: 'Arms', side: 'front' },
  { key: 'abdominals', name: 'Abdominals', group: 'Core', side: 'front' },
  { key: 'lower back', name: 'Lower back', group: 'Core', side: 'back' },
  { key: 'traps', name: 'Traps', group: 'Back', side: 'back' },
  { key: 'lats', name: 'Lats', group: 'Back', side: 'back' },
  { key: 'middle back', name: 'Middle back', group: 'Back', side: 'back' },
  { key: 'glutes', name: 'Glutes', group: 'Legs', side: 'back' },
  { key: 'quadriceps', name: 'Quadriceps', group: 'Legs', side: 'front' },
  { key: 'hamstrings', name: 'Hamstrings', group: 'Legs', side: 'back' },
  { key: 'adductors', name: 'Adductors', group: 'Legs', side: 'front' },
  { key: 'abductors', name: 'Abductors', group: 'Legs', side: 'front' },
  { key: 'calves', name: 'Calves', group: 'Legs', side: 'back' },
  { key: 'neck', name: 'Neck', group: 'Neck', side: 'front' },
];

/** Inserts the catalogue's muscles that are missing; safe to run at every start. */
export async function seedMuscles(db: Db): Promise<void> {
  await db
    .insert(muscles)
    .values(muscleCatalogue.map(({ name, group, side }) => ({ name, group, side })))
    .onConflictDoNothing({ target: muscles.name });
}

/** Every muscle of the catalogue, by id. */
export function allMuscles(db: Db) {
  return db.select().from(muscles).orderBy(asc(muscles.id));
}
