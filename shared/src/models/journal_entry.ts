import { z } from './zod';
import { defineModel } from './define';
import { idRef, isoDate, richText, shortText, tagList, encryptedFlag, recordUid } from './fields';

export const journal_entry = defineModel({
  name: 'journal_entry',
  state: 'journalEntries',
  label: 'Journal entry',
  plural: 'Journal entries',
  fields: z.object({
    title: shortText(200),
    body: richText,
    date: isoDate,
    mood_id: idRef,
    goal_id: idRef,
    tags: tagList,
    word_count: z.number().int().min(0).max(1_000_000),
    encrypted: encryptedFlag,
    record_uid: recordUid,
  }),
  required: ['date'],
  dateField: 'date',
  order: { kind: 'newest', field: 'date_field' },
  searchable: ['title', 'body'],
  richText: ['body'],
  titleField: 'title',
  encryptable: ['title', 'body'],
  fieldWords: { encrypted: { input: { kind: 'managed' } }, record_uid: { input: { kind: 'managed' } } },
});
