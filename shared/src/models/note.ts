import { z } from './zod';
import { defineModel } from './define';
import { idRef, richText, shortText, encryptedFlag, recordUid } from './fields';

export const note = defineModel({
  name: 'note',
  state: 'notes',
  label: 'Note',
  plural: 'Notes',
  fields: z.object({
    title: shortText(200),
    body: richText,
    pinned: z.boolean(),
    category_id: idRef,
    encrypted: encryptedFlag,
    record_uid: recordUid,
  }),
  required: [],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'body'],
  richText: ['body'],
  titleField: 'title',
  encryptable: ['title', 'body'],
  fieldWords: { encrypted: { input: { kind: 'managed' } }, record_uid: { input: { kind: 'managed' } } },
});
