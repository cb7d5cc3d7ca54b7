import { z } from './zod';
import { defineModel } from './define';
import { isoDate, isoInstant, longText, rrule, shortText, title } from './fields';

export const event = defineModel({
  name: 'event',
  state: 'events',
  label: 'Event',
  plural: 'Events',
  fields: z.object({
    title: title(),
    start_at: isoInstant,
    end_at: isoInstant.nullable(),
    all_day: z.boolean(),
    repeat: rrule.nullable(),
    skip_dates: z.array(isoDate).max(1000),
    location: shortText(300),
    description: longText(5000),
    source: z.enum(['local', 'google', 'ics', 'caldav']),
    external_id: shortText(300).nullable(),
  }),
  required: ['title', 'start_at'],
  dateField: 'start_at',
  order: { kind: 'newest', field: 'date_field' },
  searchable: ['title', 'location', 'description'],
  richText: [],
  titleField: 'title',
  fieldWords: {
    start_at: { label: 'Starts' },
    end_at: { label: 'Ends' },
    repeat: { label: 'Repeats' },
    // Occurrences removed from a repeating event ("delete this one"): kept by the calendar, never typed.
    skip_dates: { input: { kind: 'managed' } },
    // Events made here are Lifeboard's own; connected calendars' events come through /api/google/events.
    source: { label: 'Calendar', input: { kind: 'managed' } },
  },
  optionLabels: {
    source: { local: 'Lifeboard', google: 'Google Calendar', ics: 'Calendar feed (iCal)', caldav: 'CalDAV calendar' },
  },
});
