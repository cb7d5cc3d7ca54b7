import { z } from './zod';
import { defineModel } from './define';
import { longText, title } from './fields';

export const life_plan = defineModel({
  name: 'life_plan',
  state: 'lifePlans',
  label: 'Life plan',
  plural: 'Life plans',
  fields: z.object({
    title: title(),
    horizon: z.enum(['1y', '3y', '5y', '10y']),
    areas: z
      .array(
        z
          .object({ name: title(80), vision: longText(5000).optional(), goals: z.array(title()).max(50).optional() })
          .strict(),
      )
      .max(30),
  }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title'],
  richText: [],
  titleField: 'title',
  optionLabels: { horizon: { '1y': '1 year', '3y': '3 years', '5y': '5 years', '10y': '10 years' } },
});
