import { z } from './zod';
import { defineModel } from './define';
import { isoDate, longText, shortText, title } from './fields';

export const person = defineModel({
  name: 'person',
  state: 'persons',
  label: 'Person',
  plural: 'People',
  fields: z.object({
    name: title(120),
    relationship: shortText(80),
    birthday: isoDate.nullable(),
    contact: shortText(300),
    notes: longText(5000),
    last_contact_on: isoDate.nullable(),
  }),
  required: ['name'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['name', 'relationship', 'notes'],
  richText: [],
  titleField: 'name',
});
