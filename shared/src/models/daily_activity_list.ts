import { z } from './zod';
import { defineModel } from './define';
import { isoDate, timeOfDay, title, weekdays } from './fields';

export const daily_activity_list = defineModel({
  name: 'daily_activity_list',
  state: 'dailyActivityLists',
  label: 'Daily list',
  plural: 'Daily lists',
  fields: z.object({
    title: title(),
    items: z.array(z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/), title: title() }).strict()).max(100),
    settings: z.object({ weekdays: weekdays.optional(), reset_at: timeOfDay.optional() }).strict(),
    /** Item ids done per day: `{ "2026-11-22": ["a", "b"] }`, for the summary chart. */
    completions: z.record(isoDate, z.array(z.string().max(40)).max(100)),
  }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title'],
  richText: [],
  titleField: 'title',
});
