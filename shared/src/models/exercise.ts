import { z } from './zod';
import { defineModel } from './define';
import { exerciseCategories, exerciseLevels } from './exercise-options';
import { idList, longText, shortText, title } from './fields';

export const exercise = defineModel({
  name: 'exercise',
  state: 'exercises',
  label: 'Exercise',
  plural: 'Exercises',
  fields: z.object({
    name: title(120),
    muscle_ids: idList,
    secondary_muscle_ids: idList,
    equipment: shortText(120),
    level: z.enum(exerciseLevels),
    category: z.enum(exerciseCategories),
    instructions: longText(5000),
    is_builtin: z.boolean(),
  }),
  required: ['name'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['name', 'equipment', 'instructions'],
  richText: [],
  titleField: 'name',
  // Built-ins are the library's (api/data/exercises); an exercise a user makes is never one.
  serverOwned: ['is_builtin'],
  fieldWords: {
    muscle_ids: { label: 'Main muscles' },
    secondary_muscle_ids: { label: 'Other muscles worked' },
    is_builtin: { label: 'From the library' },
  },
});
