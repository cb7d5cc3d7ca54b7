import { z } from './zod';
import { defineModel } from './define';
import { isoDate, longText } from './fields';

/**
 * A weekly review, one per week (the Monday it starts on): the wins, a note on the week, and next week's focus,
 * which the next review shows back. The habits' week and the goals' progress are read live, not copied here.
 */
export const weekly_review = defineModel({
  name: 'weekly_review',
  state: 'weeklyReviews',
  label: 'Weekly review',
  plural: 'Weekly reviews',
  fields: z.object({
    week: isoDate.refine(
      (day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 1,
      'must be the Monday the week starts on',
    ),
    wins: longText(5000),
    notes: longText(5000),
    focus: longText(2000),
  }),
  required: ['week'],
  dateField: 'week',
  order: { kind: 'newest', field: 'date_field' },
  searchable: ['wins', 'notes', 'focus'],
  richText: [],
  titleField: 'focus',
  fieldWords: {
    week: { label: 'Week starting' },
    focus: { label: "Next week's focus" },
  },
});
