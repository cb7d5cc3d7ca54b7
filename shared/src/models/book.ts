import { z } from './zod';
import { defineModel } from './define';
import { isoDate, longText, rating, shortText, title } from './fields';

export const book = defineModel({
  name: 'book',
  state: 'books',
  label: 'Book',
  plural: 'Books',
  fields: z.object({
    title: title(),
    author: shortText(200),
    status: z.enum(['want', 'reading', 'read']),
    rating: rating.nullable(),
    started_on: isoDate.nullable(),
    finished_on: isoDate.nullable(),
    notes: longText(10_000),
  }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'author', 'notes'],
  richText: [],
  titleField: 'title',
  optionLabels: { status: { want: 'Want to read', reading: 'Reading', read: 'Read' } },
});
