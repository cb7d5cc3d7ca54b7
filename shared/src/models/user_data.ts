import { z } from './zod';
import { defineModel } from './define';
import { isoDate, title } from './fields';

/** A tracker the user defines at `/data`: its fields, then dated records at `/data/:id`. */
export const user_data_type = defineModel({
  name: 'user_data_type',
  state: 'userDataTypes',
  label: 'Data type',
  plural: 'Data types',
  fields: z.object({
    name: title(80),
    fields: z
      .array(
        z
          .object({
            name: title(60),
            kind: z.enum(['number', 'text', 'date', 'choice']),
            unit: z.string().max(20).optional(),
            choices: z.array(title(60)).max(50).optional(),
          })
          .strict(),
      )
      .min(1, 'needs at least one field')
      .max(30),
  }),
  required: ['name', 'fields'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['name'],
  richText: [],
  titleField: 'name',
});

export const user_data_record = defineModel({
  name: 'user_data_record',
  state: 'userDataRecords',
  label: 'Record',
  plural: 'Records',
  fields: z.object({
    type_id: z.number().int().positive(),
    date: isoDate,
    values: z.record(z.string().max(60), z.union([z.number(), z.string().max(2000), z.null()])),
  }),
  required: ['type_id', 'date', 'values'],
  dateField: 'date',
  order: { kind: 'newest', field: 'date_field' },
  searchable: [],
  richText: [],
  titleField: 'date',
});
