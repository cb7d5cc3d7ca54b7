import { z } from './zod';
import { defineModel } from './define';
import { richText, shortText } from './fields';

/**
 * A person's own template for new journal entries, saved from an entry (the built-in ones live in the journal's
 * code). Not end-to-end encrypted: the journal says so before one is saved.
 */
export const journal_template = defineModel({
  name: 'journal_template',
  state: 'journalTemplates',
  label: 'Journal template',
  plural: 'Journal templates',
  fields: z.object({
    name: shortText(80),
    body: richText,
  }),
  required: ['name'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['name'],
  richText: ['body'],
  titleField: 'name',
});
