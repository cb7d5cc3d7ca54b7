import { z } from './zod';
import { defineModel } from './define';
import { idRef, richText, shortText, title } from './fields';
import { uploadIdPattern } from './images';

/** What subscribing to a program installs into its board. */
export const programTemplate = z
  .object({
    goals: z
      .array(z.object({ title: title(), why: shortText(2000).optional() }).strict())
      .max(50)
      .optional(),
    habits: z
      .array(z.object({ title: title(), description: shortText(2000).optional() }).strict())
      .max(50)
      .optional(),
    routines: z
      .array(z.object({ title: title() }).strict())
      .max(50)
      .optional(),
    prompts: z.array(shortText(1000)).max(100).optional(),
  })
  .strict();

/** The catalogue's categories: a fixed list the creator picks from, so buyers can browse by them. */
export const programCategories = [
  'fitness',
  'mind',
  'productivity',
  'career',
  'relationships',
  'learning',
  'other',
] as const;
export const programCategoryLabels: Record<(typeof programCategories)[number], string> = {
  fitness: 'Fitness and health',
  mind: 'Mind and wellbeing',
  productivity: 'Productivity',
  career: 'Career and money',
  relationships: 'Relationships',
  learning: 'Learning and creativity',
  other: 'Other',
};

export const program = defineModel({
  name: 'program',
  state: 'programs',
  label: 'Program',
  plural: 'Programs',
  fields: z.object({
    guid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8–64 letters, digits, - or _'),
    title: title(),
    description: richText,
    author_id: idRef,
    price_cents: z.number().int().min(0).max(10_000_000),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code'),
    status: z.enum(['draft', 'review', 'published']),
    template: programTemplate,
    // The cover's upload id (`GET /api/uploads/{id}`), set and removed only by `POST /api/program/cover`.
    cover: z.string().regex(uploadIdPattern, 'must be the id of an uploaded image'),
    cover_alt: shortText(300),
    category: z.enum(programCategories).nullable(),
  }),
  required: ['title'],
  order: { kind: 'newest', field: 'created_at' },
  searchable: ['title', 'description'],
  richText: ['description'],
  titleField: 'title',
  fieldWords: {
    price_cents: {
      label: 'Price',
      help: 'What a buyer pays, in the currency below. 0 makes it free.',
      input: { kind: 'money', currencyField: 'currency' },
    },
    currency: { help: 'A 3-letter code such as USD or EUR.' },
    cover: { label: 'Cover image', input: { kind: 'managed' } },
    category: { help: 'Where buyers find it when they browse programs by category.' },
    cover_alt: {
      label: 'What the cover shows',
      help: "Read to people who cannot see the image. Empty: the program's title is read.",
    },
  },
  optionLabels: {
    status: { draft: 'Draft', review: 'In review', published: 'Published' },
    category: programCategoryLabels,
  },
  // The guid is the key of the program's public links: made by the server, unique, never chosen by a client.
  // The cover is an upload the server checked (its bytes, its uploader), so no generic write may point it elsewhere.
  serverOwned: ['guid', 'cover'],
});
