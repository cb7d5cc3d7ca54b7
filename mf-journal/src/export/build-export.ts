import { strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { exportFormat, exportJsonName, exportVersion } from './export-format';
import type { ExportFile, ExportedJournalEntry, ExportedMood, ExportedNote } from './export-format';
import type { CategoryRecord, JournalRecord, MoodRecord, NoteRecord } from './fetch-all';
import { frontMatter, htmlToMarkdown, slugify, uniqueName } from '@lifeboard/shared/lib/markdown';
import { sanitizeRichText } from '@lifeboard/shared/rich-text/sanitize-rich-text';
import { imagesFolder, zipImagesAsSealed } from './export-images';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What entries and notes point to, exported by value: their moods and categories. */
export interface ExportRelated {
  moods?: readonly MoodRecord[];
  categories?: readonly CategoryRecord[];
}

function moodOf(record: MoodRecord | undefined): ExportedMood | undefined {
  if (!record || typeof record.score !== 'number') return undefined;
  return {
    score: record.score,
    ...(record.emotions?.length ? { emotions: [...record.emotions] } : {}),
    ...(record.note ? { note: record.note } : {}),
    ...(record.at ? { at: record.at } : {}),
  };
}

/** The records as the export file keeps them: the fields the API takes back on import, and their stamps. */
export function toExportFile(
  entries: readonly JournalRecord[],
  notes: readonly NoteRecord[],
  now: Date,
  related: ExportRelated = {},
): ExportFile {
  const moods = new Map((related.moods ?? []).map((m) => [m.id, m]));
  const categories = new Map((related.categories ?? []).map((c) => [c.id, c.name]));
  const journal_entries = entries
    .filter((e) => typeof e.date === 'string')
    .map((e): ExportedJournalEntry => {
      const mood = typeof e.mood_id === 'number' ? moodOf(moods.get(e.mood_id)) : undefined;
      return {
        id: e.id,
        created_at: e.created_at,
        updated_at: e.updated_at,
        title: text(e.title),
        body: text(e.body),
        date: String(e.date),
        ...(e.tags?.length ? { tags: [...e.tags] } : {}),
        ...(mood ? { mood } : {}),
      };
    });
  const exportedNotes = notes.map((n): ExportedNote => {
    const category = typeof n.category_id === 'number' ? categories.get(n.category_id) : undefined;
    return {
      id: n.id,
      created_at: n.created_at,
      updated_at: n.updated_at,
      title: text(n.title),
      body: text(n.body),
      pinned: n.pinned === true,
      ...(category ? { category } : {}),
    };
  });
  return {
    format: exportFormat,
    version: exportVersion,
    exported_at: now.toISOString(),
    journal_entries,
    notes: exportedNotes,
  };
}

/** A body as Markdown, its zip images named by their path from the Markdown file's folder (`![](../images/…)`). */
function markdownOf(body: string): string {
  const { body: sealed, restore } = zipImagesAsSealed(body);
  return htmlToMarkdown(restore(sanitizeRichText(sealed), `../${imagesFolder}`));
}

/**
 * `journal/YYYY-MM-DD-title.md` and `notes/title.md`, each a Markdown file with its front matter, the JSON, and the
 * images the bodies name (`images/…`, from `exportSealedImages`).
 */
export function buildExportZip(file: ExportFile, images: Readonly<Record<string, Uint8Array>> = {}): Uint8Array {
  const files: Zippable = {};
  // Stored, not deflated again: pictures are compressed already.
  for (const [path, bytes] of Object.entries(images)) files[path] = [bytes, { level: 0 }];
  const journalNames = new Set<string>();
  // Oldest first, so `-2` goes to the later of two same-day entries whatever order the API listed them in.
  const entries = [...file.journal_entries].sort((a, b) => a.date.localeCompare(b.date) || (a.id ?? 0) - (b.id ?? 0));
  for (const entry of entries) {
    const name = uniqueName(journalNames, `journal/${entry.date}-${slugify(entry.title)}`, '.md');
    const head = frontMatter({
      title: entry.title || 'Untitled',
      date: entry.date,
      tags: entry.tags,
      mood: entry.mood ? `${entry.mood.score}/5` : undefined,
      created_at: entry.created_at,
    });
    files[name] = strToU8(`${head}\n# ${entry.title || 'Untitled'}\n\n${markdownOf(entry.body)}\n`);
  }
  const noteNames = new Set<string>();
  for (const note of file.notes) {
    const name = uniqueName(noteNames, `notes/${slugify(note.title)}`, '.md');
    const head = frontMatter({
      title: note.title || 'Untitled',
      pinned: note.pinned,
      category: note.category,
      created_at: note.created_at,
    });
    files[name] = strToU8(`${head}\n# ${note.title || 'Untitled'}\n\n${markdownOf(note.body)}\n`);
  }
  files[exportJsonName] = strToU8(JSON.stringify(file, null, 2));
  return zipSync(files, { level: 6 });
}

export function exportFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `lifeboard-export-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.zip`;
}
