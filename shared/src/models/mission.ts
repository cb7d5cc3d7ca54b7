import { z } from './zod';
import { defineModel } from './define';
import { longText } from './fields';

/** Answers of a guided page, keyed by question id. */
export const responses = z
  .record(z.string().regex(/^[a-z0-9_]{1,60}$/, 'question ids are lower-case words'), longText(10_000))
  .refine((value) => Object.keys(value).length <= 100, 'at most 100 answers');

/** One mission statement per board; the list call answers it as one object. */
export const mission = defineModel({
  name: 'mission',
  state: 'mission',
  label: 'Mission',
  plural: 'Mission',
  fields: z.object({ statement: longText(5000), responses }),
  required: [],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['statement'],
  richText: [],
  titleField: 'statement',
  single: true,
});

/** The guided one-document pages of `/api/simple_model` (mission included). */
export const simpleModelNames = ['mission', 'purpose', 'vision', 'ethos', 'managing_stress', 'setting_goals'] as const;
export type SimpleModelName = (typeof simpleModelNames)[number];
