import { z } from './zod';
import { defineModel } from './define';
import { longText, steps, timeOfDay, title, weekdays } from './fields';

export const routineFields = {
  title: title(), description: longText(5000), steps, time_of_day: timeOfDay.nullable(), weekdays,
  position: z.number().int().min(0).max(1_000_000),
};

export const routine = defineModel({
  name: 'routine', state: 'routines', label: 'Routine', plural: 'Routines',
  fields: z.object(routineFields),
  required: ['title'], order: { kind: 'position' },
  searchable: ['title', 'description'], richText: [], titleField: 'title',
});
