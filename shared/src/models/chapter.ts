import { z } from './zod';
import { defineModel } from './define';
import { position, richText, title } from './fields';

export const chapter = defineModel({
  name: 'chapter',
  state: 'chapters',
  label: 'Chapter',
  plural: 'Chapters',
  fields: z.object({
    program_id: z.number().int().positive().nullable(),
    position,
    title: title(),
    body: richText,
    available_after_days: z.number().int().min(0).max(3650),
  }),
  required: ['title'],
  order: { kind: 'position' },
  searchable: ['title', 'body'],
  richText: ['body'],
  titleField: 'title',
  fieldWords: {
    available_after_days: {
      label: 'Opens after (days)',
      help: 'Days after a buyer starts the program before this chapter opens. 0 opens it at once.',
    },
  },
});
