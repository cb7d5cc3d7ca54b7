import type { Db } from '../../db/client';
import { muscles } from '../../db/schema';

/** The body map's muscles (domain.md: catalogue, not per user). */
export const muscleCatalogue: { name: string; group: string; side: 'front' | 'back' }[] = [
  { name: 'Chest', group: 'Chest', side: 'front' },
  { name: 'Front deltoids', group: 'Shoulders', side: 'front' },
  { name: 'Side deltoids', group: 'Shoulders', side: 'front' },
  { name: 'Rear deltoids', group: 'Shoulders', side: 'back' },
  { name: 'Biceps', group: 'Arms', side: 'front' },
  { name: 'Triceps', group: 'Arms', side: 'back' },
  { name: 'Forearms', group: 'Arms', side: 'front' },
  { name: 'Abdominals', group: 'Core', side: 'front' },
  { name: 'Obliques', group: 'Core', side: 'front' },
  { name: 'Lower back', group: 'Core', side: 'back' },
  { name: 'Trapezius', group: 'Back', side: 'back' },
  { name: 'Latissimus dorsi', group: 'Back', side: 'back' },
  { name: 'Rhomboids', group: 'Back', side: 'back' },
  { name: 'Glutes', group: 'Legs', side: 'back' },
  { name: 'Quadriceps', group: 'Legs', side: 'front' },
  { name: 'Hamstrings', group: 'Legs', side: 'back' },
  { name: 'Adductors', group: 'Legs', side: 'front' },
  { name: 'Abductors', group: 'Legs', side: 'front' },
  { name: 'Calves', group: 'Legs', side: 'back' },
  { name: 'Tibialis anterior', group: 'Legs', side: 'front' },
  { name: 'Neck', group: 'Neck', side: 'front' },
];

/** Inserts the catalogue's muscles that are missing; safe to run at every start. */
export async function seedMuscles(db: Db): Promise<void> {
  await db.insert(muscles).values(muscleCatalogue).onConflictDoNothing({ target: muscles.name });
}
