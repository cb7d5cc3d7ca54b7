import { z } from './zod';
import { defineModel } from './define';
import { idRef, isoDate, isoInstant, position, richText, title } from './fields';

export const project = defineModel({
  name: 'project',
  state: 'projects',
  label: 'Project',
  plural: 'Projects',
  fields: z.object({
    title: title(),
    description: richText,
    status: z.enum(['planned', 'active', 'on_hold', 'done', 'cancelled']),
    due_date: isoDate.nullable(),
    goal_id: idRef,
    tasks: z
      .array(
        z
          .object({
            title: title(),
            done_at: isoInstant.nullable().optional(),
            due_date: isoDate.nullable().optional(),
            position: position.optional(),
          })
          .strict(),
      )
      .max(500),
  }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'description'],
  richText: ['description'],
  titleField: 'title',
  // Tasks are ticked, dated and ordered on the project's page, not typed into the form.
  fieldWords: { tasks: { input: { kind: 'managed' } } },
});
