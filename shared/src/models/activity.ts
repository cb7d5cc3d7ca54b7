import { z } from './zod';
import { defineModel } from './define';
import { idRef, isoDate, isoInstant, longText, title } from './fields';

export const activity = defineModel({
  name: 'activity',
  state: 'activities',
  label: 'Activity',
  plural: 'Activities',
  fields: z.object({
    title: title(),
    date: isoDate,
    start_at: isoInstant.nullable(),
    end_at: isoInstant.nullable(),
    duration_min: z.number().int().min(0).max(1440).nullable(),
    category_id: idRef,
    goal_id: idRef,
    habit_id: idRef,
    note: longText(5000),
  }),
  required: ['title', 'date'],
  dateField: 'date',
  order: { kind: 'newest', field: 'date_field' },
  searchable: ['title', 'note'],
  richText: [],
  titleField: 'title',
  fieldWords: {
    start_at: { label: 'Started' },
    end_at: { label: 'Ended' },
    duration_min: { label: 'Duration (minutes)' },
  },
});
