import { z } from './zod';
import { defineModel } from './define';
import { longText, shortText, title } from './fields';

export const workoutItem = z
  .object({
    exercise_id: z.number().int().positive(),
    sets: z.number().int().min(1).max(100),
    reps: z.number().int().min(0).max(1000),
    /** Kilograms, decimals allowed (62.5); screens convert for users who lift in pounds. */
    weight: z.number().min(0).max(2000).nullable().optional(),
    /** Target rate of perceived exertion, 1–10 in halves. */
    rpe: z.number().min(1).max(10).multipleOf(0.5).nullable().optional(),
    rest_s: z.number().int().min(0).max(3600).optional(),
    /** Items sharing a group number are done back to back (a superset). */
    superset_group: z.number().int().min(0).max(100).nullable().optional(),
    note: shortText(500).optional(),
  })
  .strict();

export const workout = defineModel({
  name: 'workout',
  state: 'workouts',
  label: 'Workout',
  plural: 'Workouts',
  fields: z.object({ title: title(), notes: longText(5000), items: z.array(workoutItem).max(100) }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'notes'],
  richText: [],
  titleField: 'title',
});
