import { z } from './zod';
import { defineModel } from './define';
import { colour, shortText, title } from './fields';

export const category = defineModel({
  name: 'category',
  state: 'categories',
  label: 'Category',
  plural: 'Categories',
  fields: z.object({
    name: title(80),
    color: colour,
    kind: shortText(40),
    position: z.number().int().min(0).max(1_000_000),
  }),
  required: ['name'],
  order: { kind: 'position' },
  searchable: ['name'],
  richText: [],
  titleField: 'name',
});
