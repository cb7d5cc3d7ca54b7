import { z } from './zod';
import { defineModel } from './define';
import { idRef, isoInstant, longText, shortText } from './fields';

export const performedSet = z
  .object({
    exercise_id: z.number().int().positive(),
    reps: z.number().int().min(0).max(1000),
    /** Kilograms, stored exactly as typed (62.5 stays 62.5). */
    weight: z.number().min(0).max(2000).nullable().optional(),
    rpe: z.number().min(1).max(10).nullable().optional(),
    /** False while a planned set waits to be done; a set without it was done (it was logged as performed). */
    done: z.boolean().optional(),
    /** The plan's target reps, kept so the next session can tell whether every set hit it (progression). */
    target_reps: z.number().int().min(0).max(1000).nullable().optional(),
  })
  .strict();

export const workout_session = defineModel({
  name: 'workout_session',
  state: 'workoutSessions',
  label: 'Workout session',
  plural: 'Workout sessions',
  fields: z.object({
    title: shortText(200),
    workout_id: idRef,
    started_at: isoInstant,
    ended_at: isoInstant.nullable(),
    sets: z.array(performedSet).max(500),
    notes: longText(5000),
  }),
  required: ['started_at'],
  dateField: 'started_at',
  order: { kind: 'newest', field: 'date_field' },
  // Search stays on the notes: a searchable field is part of the table's generated search column.
  searchable: ['notes'],
  richText: [],
  titleField: 'title',
  fieldWords: {
    title: { label: 'Title', help: 'For example "Push day · Tue, Nov 25".' },
    started_at: { label: 'Started' },
    ended_at: { label: 'Finished' },
  },
});
