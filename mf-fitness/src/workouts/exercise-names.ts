import type { AnyRecord } from '@lifeboard/shared/api/resource';

/** An exercise's name by id, from the loaded exercises. */
export function exerciseName(exercises: AnyRecord[], id: unknown): string {
  const found = exercises.find((e) => e.id === id);
  return typeof found?.name === 'string' ? found.name : `Exercise #${String(id)}`;
}
