import { z } from './zod';
import { defineModel } from './define';
import { isoDate, longText, rating, shortText, tagList, timeOfDay, title, url, weekdays } from './fields';

/** Reading and reflection collections of mf-journal: each a few fields that make it useful. */
export const quote = defineModel({
  name: 'quote',
  state: 'quotes',
  label: 'Quote',
  plural: 'Quotes',
  fields: z.object({ text: title(2000), author: shortText(200), source: shortText(300) }),
  required: ['text'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['text', 'author', 'source'],
  richText: [],
  titleField: 'text',
});

export const question = defineModel({
  name: 'question',
  state: 'questions',
  label: 'Question',
  plural: 'Questions',
  fields: z.object({ text: title(2000), answer: longText(10_000) }),
  required: ['text'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['text', 'answer'],
  richText: [],
  titleField: 'text',
});

const mediaFields = { title: title(), url: url.nullable(), note: longText(5000), rating: rating.nullable() };

export const movie = defineModel({
  name: 'movie',
  state: 'movies',
  label: 'Movie',
  plural: 'Movies',
  fields: z.object({
    ...mediaFields,
    watched_on: isoDate.nullable(),
    status: z.enum(['want', 'watched']),
    director: shortText(200),
    year: z.number().int().min(1870).max(2200).nullable(),
  }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'note'],
  richText: [],
  titleField: 'title',
  fieldWords: { url: { label: 'Web address', input: { kind: 'url' } } },
  optionLabels: { status: { want: 'Want to watch', watched: 'Watched' } },
});

export const music = defineModel({
  name: 'music',
  state: 'music',
  label: 'Music',
  plural: 'Music',
  fields: z.object({ ...mediaFields, artist: shortText(200), kind: z.enum(['song', 'album', 'artist', 'playlist']) }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'artist', 'note'],
  richText: [],
  titleField: 'title',
  fieldWords: { url: { label: 'Web address', input: { kind: 'url' } } },
});

export const website = defineModel({
  name: 'website',
  state: 'websites',
  label: 'Website',
  plural: 'Websites',
  fields: z.object({ ...mediaFields, tags: tagList }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'note'],
  richText: [],
  titleField: 'title',
  fieldWords: { url: { label: 'Web address', input: { kind: 'url' } } },
});

export const business_idea = defineModel({
  name: 'business_idea',
  state: 'businessIdeas',
  label: 'Business idea',
  plural: 'Business ideas',
  fields: z.object({
    title: title(),
    problem: longText(5000),
    solution: longText(5000),
    stage: z.enum(['idea', 'researching', 'validating', 'building', 'launched', 'shelved']),
  }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'problem', 'solution'],
  richText: [],
  titleField: 'title',
  optionLabels: {
    stage: {
      idea: 'Idea',
      researching: 'Researching',
      validating: 'Validating',
      building: 'Building',
      launched: 'Launched',
      shelved: 'Shelved',
    },
  },
});

export const healthStatuses = ['active', 'managed', 'resolved'] as const;

export const health_issue = defineModel({
  name: 'health_issue',
  state: 'healthIssues',
  label: 'Health issue',
  plural: 'Health issues',
  fields: z.object({
    title: title(),
    since: isoDate.nullable(),
    status: z.enum(healthStatuses),
    notes: longText(5000),
    /** The timeline: dated notes, each may move the status `from` one `status` to another (the record's is the latest). */
    updates: z
      .array(
        z
          .object({
            at: z.iso.datetime({ offset: true }),
            note: shortText(2000),
            from: z.enum(healthStatuses).optional(),
            status: z.enum(healthStatuses).optional(),
          })
          .strict(),
      )
      .max(1000),
  }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'notes'],
  richText: [],
  titleField: 'title',
  optionLabels: { status: { active: 'Active', managed: 'Under control', resolved: 'Resolved' } },
  fieldWords: { since: { label: 'Since when' }, status: { label: 'How it is going' }, notes: { label: 'About it' } },
});

export const medicine = defineModel({
  name: 'medicine',
  state: 'medicines',
  label: 'Medicine',
  plural: 'Medicines',
  fields: z.object({
    name: title(120),
    dose: shortText(120),
    schedule: shortText(200),
    /** When in the day a dose is due, `HH:MM`; none: taken as needed. */
    times: z.array(timeOfDay).max(12),
    /** The weekdays it is taken on (0 = Sunday); none: every day. */
    days: weekdays,
    reminder: z.boolean(),
    /** The dose log: a dose taken (no status, or `taken`) or missed; `due` is the scheduled dose it answers. */
    intakes: z
      .array(
        z
          .object({
            at: z.iso.datetime({ offset: true }),
            note: shortText(300).optional(),
            status: z.enum(['taken', 'missed']).optional(),
            due: z
              .string()
              .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'must be a day and time like 2026-11-25T08:00')
              .optional(),
          })
          .strict(),
      )
      .max(5000),
  }),
  required: ['name'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['name', 'schedule'],
  richText: [],
  titleField: 'name',
  fieldWords: {
    schedule: { label: 'How to take it', help: 'For example "with food".' },
    // The schedule and its reminders are set on the medicine's page, which keeps the reminder queue in step.
    times: { label: 'Times of day', input: { kind: 'managed' } },
    days: { label: 'On these days', input: { kind: 'managed' } },
    reminder: { label: 'Remind me at these times', input: { kind: 'managed' } },
  },
});
