import { z } from './zod';
import { defineModel } from './define';
import { idList, idRef, isoDate, isoInstant, longText, richText, title } from './fields';

export const goal = defineModel({
  name: 'goal', state: 'goals', label: 'Goal', plural: 'Goals',
  fields: z.object({
    title: title(),
    description: richText,
    why: longText(5000),
    status: z.enum(['active', 'paused', 'done', 'dropped']),
    start_date: isoDate.nullable(),
    target_date: isoDate.nullable(),
    progress: z.number().min(0).max(100),
    target_value: z.number().min(0).max(1e12).nullable(),
    unit: z.string().max(30).nullable(),
    milestones: z.array(z.object({ title: title(), due_date: isoDate.nullable().optional(), done_at: isoInstant.nullable().optional() }).strict()).max(100),
    life_plan_id: idRef,
    value_ids: idList,
    category_id: idRef,
  }),
  required: ['title'], order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'why'], richText: ['description'], titleField: 'title',
});
