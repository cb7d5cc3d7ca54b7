import { z } from './zod';
import { defineModel } from './define';
import { idRef, isoInstant, longText } from './fields';

export const performedSet = z
  .object({
    exercise_id: z.number().int().positive(),
    reps: z.number().int().min(0).max(1000),
    weight: z.number().min(0).max(2000).nullable().optional(),
    rpe: z.number().min(1).max(10).nullable().optional(),
  })
  .strict();

export const workout_session = defineModel({
  name: 'workout_session', state: 'workoutSessions', label: 'Workout session', plural: 'Workout sessions',
  fields: z.object({
    workout_id: idRef, started_at: isoInstant, ended_at: isoInstant.nullable(),
    sets: z.array(performedSet).max(500), notes: longText(5000),
  }),
  required: ['started_at'], dateField: 'started_at', order: { kind: 'newest', field: 'date_field' },
  searchable: ['notes'], richText: [], titleField: 'started_at',
  fieldWords: { started_at: { label: 'Started' }, ended_at: { label: 'Finished' } },
});
