import { z } from './zod';
import { defineModel } from './define';
import { longText, position, title } from './fields';

/** Values, beliefs, interests, resolutions and skills: a titled statement in the user's own order. */
export const statementFields = { title: title(), description: longText(5000), position };

export function defineStatement<Extra extends z.ZodRawShape>(
  name: string,
  state: string,
  label: string,
  plural: string,
  extra: Extra,
) {
  return defineModel({
    name,
    state,
    label,
    plural,
    fields: z.object({ ...statementFields, ...extra }),
    required: ['title'],
    order: { kind: 'position' },
    searchable: ['title', 'description'],
    richText: [],
    titleField: 'title',
  });
}
