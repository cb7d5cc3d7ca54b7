import type { ModelRecord } from '@lifeboard/shared/api/resource';

/** A template a new entry can start from: its text, and the name the menu shows. */
export interface EntryTemplate {
  /** `builtin:<key>` or `own:<id>`: what the address carries (`?entry=new&template=…`). */
  ref: string;
  name: string;
  body: string;
  own: boolean;
}

const prompt = (heading: string) => `<h2>${heading}</h2><p><br></p>`;

/** The templates every journal has, as Day One offers a few to start from. */
export const builtinTemplates: readonly EntryTemplate[] = [
  {
    ref: 'builtin:daily',
    name: 'Daily reflection',
    body: [prompt('How was today?'), prompt('What went well'), prompt('What I would do differently')].join(''),
    own: false,
  },
  {
    ref: 'builtin:gratitude',
    name: 'Gratitude',
    body: [prompt('Three things I am grateful for'), '<ol><li><br></li><li><br></li><li><br></li></ol>'].join(''),
    own: false,
  },
  {
    ref: 'builtin:morning',
    name: 'Morning plan',
    body: [
      prompt('How I feel this morning'),
      prompt('The one thing that matters today'),
      prompt('I will let go of'),
    ].join(''),
    own: false,
  },
  {
    ref: 'builtin:week',
    name: 'Week in review',
    body: [prompt('Wins of the week'), prompt('What I learned'), prompt('Next week I will focus on')].join(''),
    own: false,
  },
];

/** The person's own templates as the menu lists them, after the built-in ones. */
export function ownTemplates(records: readonly ModelRecord<'journal_template'>[]): EntryTemplate[] {
  return records
    .filter((record) => record.id > 0)
    .map((record) => ({
      ref: `own:${record.id}`,
      name: record.name?.trim() || 'Untitled template',
      body: record.body ?? '',
      own: true,
    }));
}

/** The template of a `?template=` value, among the built-in and the person's own; null when there is none such. */
export function findTemplate(ref: string | null, own: readonly EntryTemplate[]): EntryTemplate | null {
  if (!ref) return null;
  return [...builtinTemplates, ...own].find((template) => template.ref === ref) ?? null;
}
