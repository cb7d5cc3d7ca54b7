import { z } from './zod';
import { defineModel } from './define';
import { position, richText, title } from './fields';

export const chapter = defineModel({
  name: 'chapter', state: 'chapters', label: 'Chapter', plural: 'Chapters',
  fields: z.object({ program_id: z.number().int().positive().nullable(), position, title: title(), body: richText }),
  required: ['title'], order: { kind: 'position' },
  searchable: ['title', 'body'], richText: ['body'], titleField: 'title',
});
