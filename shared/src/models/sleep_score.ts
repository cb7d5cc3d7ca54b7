import { z } from './zod';
import { defineModel } from './define';
import { isoDate, isoInstant, longText } from './fields';

export const sleep_score = defineModel({
  name: 'sleep_score',
  state: 'sleepScores',
  label: 'Sleep',
  plural: 'Sleep',
  fields: z.object({
    date: isoDate,
    bed_at: isoInstant.nullable(),
    wake_at: isoInstant.nullable(),
    score: z.number().int().min(0).max(100).nullable(),
    quality: longText(2000),
  }),
  required: ['date'],
  dateField: 'date',
  order: { kind: 'newest', field: 'date_field' },
  searchable: ['quality'],
  richText: [],
  titleField: 'date',
  fieldWords: { bed_at: { label: 'Went to bed' }, wake_at: { label: 'Woke up' }, score: { help: '0 to 100.' } },
});
