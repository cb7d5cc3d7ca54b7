import { z } from './zod';
import { defineModel } from './define';
import { isoDate, latitude, longitude, longText, shortText, title } from './fields';

export const place = defineModel({
  name: 'place',
  state: 'places',
  label: 'Place',
  plural: 'Places',
  fields: z.object({
    name: title(120),
    lat: latitude.nullable(),
    lon: longitude.nullable(),
    address: shortText(300),
    visited_on: isoDate.nullable(),
    want_to_visit: z.boolean(),
    notes: longText(5000),
  }),
  required: ['name'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['name', 'address'],
  richText: [],
  titleField: 'name',
  fieldWords: {
    lat: { label: 'Latitude', help: 'Between -90 and 90, e.g. 51.5074.' },
    lon: { label: 'Longitude', help: 'Between -180 and 180, e.g. -0.1278.' },
  },
});
