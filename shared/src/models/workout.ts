import { z } from './zod';
import { defineModel } from './define';
import { longText, title } from './fields';

export const workoutItem = z
  .object({
    exercise_id: z.number().int().positive(),
    sets: z.number().int().min(1).max(100),
    reps: z.number().int().min(0).max(1000),
    weight: z.number().min(0).max(2000).nullable().optional(),
    rest_s: z.number().int().min(0).max(3600).optional(),
    superset_group: z.number().int().min(0).max(100).nullable().optional(),
  })
  .strict();

export const workout = defineModel({
  name: 'workout', state: 'workouts', label: 'Workout', plural: 'Workouts',
  fields: z.object({ title: title(), notes: longText(5000), items: z.array(workoutItem).max(100) }),
  required: ['title'], order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'notes'], richText: [], titleField: 'title',
});
