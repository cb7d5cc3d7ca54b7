import { z } from './zod';
import { defineModel } from './define';
import { isoInstant, longText, tagList } from './fields';

export const mood = defineModel({
  name: 'mood',
  state: 'moods',
  label: 'Mood',
  plural: 'Moods',
  fields: z.object({
    score: z.number().int().min(1, 'must be between 1 and 5').max(5, 'must be between 1 and 5'),
    emotions: tagList,
    note: longText(2000),
    at: isoInstant,
  }),
  required: ['score'],
  dateField: 'at',
  order: { kind: 'newest', field: 'date_field' },
  searchable: ['note'],
  richText: [],
  titleField: 'note',
});
