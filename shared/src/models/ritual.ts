import { z } from './zod';
import { defineModel } from './define';
import { longText } from './fields';
import { routineFieldWords, routineFields } from './routine';

/** A routine with meaning attached. */
export const ritual = defineModel({
  name: 'ritual',
  state: 'rituals',
  label: 'Ritual',
  plural: 'Rituals',
  fields: z.object({ ...routineFields, intention: longText(2000) }),
  required: ['title'],
  order: { kind: 'position' },
  searchable: ['title', 'description', 'intention'],
  richText: [],
  titleField: 'title',
  fieldWords: routineFieldWords,
});
