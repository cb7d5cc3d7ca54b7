import { z } from './zod';
import { defineModel } from './define';
import { idList, longText, shortText, title } from './fields';

export const exercise = defineModel({
  name: 'exercise', state: 'exercises', label: 'Exercise', plural: 'Exercises',
  fields: z.object({ name: title(120), muscle_ids: idList, equipment: shortText(120), instructions: longText(5000), is_builtin: z.boolean() }),
  required: ['name'], order: { kind: 'newest', field: 'created_at' },
  searchable: ['name', 'equipment', 'instructions'], richText: [], titleField: 'name',
});
