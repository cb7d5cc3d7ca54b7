import { z } from './zod';
import { defineModel } from './define';
import { idList, idRef, isoDate, isoInstant, longText, richText, title } from './fields';

/** Where a goal's progress comes from: it is worked out from one of these, never typed. */
export const progressSources = ['milestones', 'target', 'habits'] as const;

export const goal = defineModel({
  name: 'goal',
  state: 'goals',
  label: 'Goal',
  plural: 'Goals',
  fields: z.object({
    title: title(),
    description: richText,
    why: longText(5000),
    status: z.enum(['active', 'paused', 'done', 'dropped']),
    start_date: isoDate.nullable(),
    target_date: isoDate.nullable(),
    /** 0–100, worked out by the server from `progress_from` on every save (goal-progress.ts). */
    progress: z.number().min(0).max(100),
    progress_from: z.enum(progressSources),
    start_value: z.number().min(-1e12).max(1e12).nullable(),
    target_value: z.number().min(-1e12).max(1e12).nullable(),
    unit: z.string().max(30).nullable(),
    /** Values logged toward a numeric target, each "where I am now" on a day. */
    log: z
      .array(
        z
          .object({ date: isoDate, value: z.number().min(-1e12).max(1e12), note: z.string().max(500).optional() })
          .strict(),
      )
      .max(1000),
    milestones: z
      .array(
        z
          .object({
            title: title(),
            due_date: isoDate.nullable().optional(),
            done_at: isoInstant.nullable().optional(),
          })
          .strict(),
      )
      .max(100),
    life_plan_id: idRef,
    value_ids: idList,
    category_id: idRef,
  }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'why'],
  richText: ['description'],
  titleField: 'title',
  serverOwned: ['progress'],
  fieldWords: {
    why: { label: 'Why it matters to you' },
    start_date: { label: 'Starting on' },
    target_date: { label: 'Done by' },
    progress: { input: { kind: 'managed' } },
    progress_from: {
      label: 'Progress comes from',
      help: 'Ticked milestones, a number you log toward a target, or how strong the linked habits are.',
    },
    start_value: { label: 'Starting number', help: 'For a number you log: where you start, e.g. 82 (kg) or 0 (km).' },
    target_value: {
      label: 'Target number',
      help: 'For a number you log: where you want to get, e.g. 75 (kg) or 21 (km).',
    },
    unit: { label: 'Unit', help: 'kg, km, books, USD…' },
    value_ids: { label: 'Values it serves' },
    log: { input: { kind: 'managed' } },
    milestones: { input: { kind: 'managed' } },
  },
  optionLabels: {
    progress_from: {
      milestones: 'Milestones ticked off',
      target: 'A number I log toward a target',
      habits: 'The strength of its habits',
    },
    status: { active: 'Working on it', paused: 'On hold', done: 'Reached', dropped: 'Let go' },
  },
});
