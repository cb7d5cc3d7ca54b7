import { z } from './zod';
import { defineModel } from './define';
import { idRef, isoDate, isoInstant, longText, rrule, title } from './fields';

export const plannedactivity = defineModel({
  name: 'plannedactivity',
  state: 'plannedActivities',
  label: 'Planned activity',
  plural: 'Planned activities',
  fields: z.object({
    title: title(),
    date: isoDate,
    start_at: isoInstant.nullable(),
    end_at: isoInstant.nullable(),
    repeat: rrule.nullable(),
    skip_dates: z.array(isoDate).max(1000),
    goal_id: idRef,
    done_activity_id: idRef,
    note: longText(5000),
  }),
  required: ['title', 'date'],
  dateField: 'date',
  order: { kind: 'newest', field: 'date_field' },
  searchable: ['title', 'note'],
  richText: [],
  titleField: 'title',
  fieldWords: {
    start_at: { label: 'Starts' },
    end_at: { label: 'Ends' },
    repeat: { label: 'Repeats' },
    skip_dates: { input: { kind: 'managed' } },
  },
});
