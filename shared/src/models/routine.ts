import { z } from './zod';
import { defineModel } from './define';
import { isoInstant, longText, steps, timeOfDay, title, weekdays } from './fields';

export const routineFields = {
  title: title(),
  description: longText(5000),
  steps,
  time_of_day: timeOfDay.nullable(),
  weekdays,
  position: z.number().int().min(0).max(1_000_000),
  /** Each time it was run in Start mode: when, and how many of its steps were done. */
  runs: z
    .array(
      z
        .object({
          started_at: isoInstant,
          finished_at: isoInstant,
          steps_done: z.number().int().min(0).max(100),
          steps_total: z.number().int().min(0).max(100),
        })
        .strict(),
    )
    .max(500),
};

/** Runs are recorded by Start mode, never typed. */
export const routineFieldWords = { runs: { input: { kind: 'managed' as const } } };

export const routine = defineModel({
  name: 'routine',
  state: 'routines',
  label: 'Routine',
  plural: 'Routines',
  fields: z.object(routineFields),
  required: ['title'],
  order: { kind: 'position' },
  searchable: ['title', 'description'],
  richText: [],
  titleField: 'title',
  fieldWords: routineFieldWords,
});
