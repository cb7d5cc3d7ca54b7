import { z } from '@lifeboard/shared/models/zod';
import { isoDate, isoInstant, longText, richText, shortText, tagList } from '@lifeboard/shared/models/fields';

/**
 * The file format of "Export the journal and notes": one JSON document, versioned so later versions can
 * still read it. Records keep the fields the API accepts on create, plus their stamps for people and tools.
 */
export const exportFormat = 'lifeboard-export';
export const exportVersion = 1;
export const exportJsonName = 'lifeboard-export.json';

const stamps = {
  id: z.number().int().optional(),
  created_at: z.string().max(40).optional(),
  updated_at: z.string().max(40).optional(),
};

/** The mood an entry was linked to, by value (ids mean nothing on another board or account). */
export const exportedMood = z.object({
  score: z.number().int().min(1, 'must be between 1 and 5').max(5, 'must be between 1 and 5'),
  emotions: tagList.optional(),
  note: longText(2000).optional(),
  at: isoInstant.optional(),
});

export const exportedJournalEntry = z.object({
  ...stamps,
  title: shortText(200).default(''),
  body: richText.default(''),
  date: isoDate,
  tags: tagList.optional(),
  mood: exportedMood.optional(),
});

export const exportedNote = z.object({
  ...stamps,
  title: shortText(200).default(''),
  body: richText.default(''),
  pinned: z.boolean().optional(),
  /** The note's category, by name. */
  category: shortText(80).optional(),
});

export const exportFile = z.object({
  format: z.literal(exportFormat),
  version: z.literal(exportVersion),
  exported_at: z.string().max(40),
  journal_entries: z.array(exportedJournalEntry).max(1_000_000),
  notes: z.array(exportedNote).max(1_000_000),
});

export type ExportedJournalEntry = z.infer<typeof exportedJournalEntry>;
export type ExportedNote = z.infer<typeof exportedNote>;
export type ExportedMood = z.infer<typeof exportedMood>;
export type ExportFile = z.infer<typeof exportFile>;

export type ParseResult = { ok: true; file: ExportFile } | { ok: false; errors: string[] };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How many problems are listed: a wrong file has hundreds, and the first few say what is wrong. */
const maxErrors = 5;

/** Checks a parsed JSON value against the format, with messages a person can act on. */
export function parseExportFile(value: unknown): ParseResult {
  if (!isObject(value) || value.format !== exportFormat) {
    return { ok: false, errors: [`This is not a Lifeboard export: its "format" should be "${exportFormat}".`] };
  }
  if (typeof value.version === 'number' && value.version > exportVersion) {
    return {
      ok: false,
      errors: [
        `This export is version ${value.version}, newer than this app reads (version ${exportVersion}). Update the app and try again.`,
      ],
    };
  }
  const result = exportFile.safeParse(value);
  if (result.success) return { ok: true, file: result.data };
  const errors = result.error.issues.slice(0, maxErrors).map((issue) => {
    const where = issue.path
      .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
      .join('')
      .replace(/^\./, '');
    return `${where || 'file'}: ${issue.message}`;
  });
  if (result.error.issues.length > maxErrors)
    errors.push(`…and ${result.error.issues.length - maxErrors} more problems.`);
  return { ok: false, errors };
}
