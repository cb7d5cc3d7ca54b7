import { strFromU8, unzipSync } from 'fflate';
import { createResource } from '@lifeboard/shared/api/resource';
import { exportJsonName, parseExportFile } from './export-format';
import type { ExportFile, ExportedMood, ParseResult } from './export-format';
import { dedupeKey } from './dedupe';
import { fetchAll } from './fetch-all';

/** A zip starts with the local-file-header signature `PK\x03\x04`. */
function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Reads an export — its JSON, or the zip holding it — and checks it; nothing is sent anywhere. */
export function readExport(bytes: Uint8Array): ParseResult {
  let json: string;
  if (isZip(bytes)) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes, {
        filter: (file) => file.name === exportJsonName || file.name.endsWith(`/${exportJsonName}`),
      });
    } catch {
      return { ok: false, errors: ['The zip file is damaged and cannot be read.'] };
    }
    const found = Object.values(entries)[0];
    if (!found) return { ok: false, errors: [`This zip holds no ${exportJsonName}: it is not a Lifeboard export.`] };
    json = strFromU8(found);
  } else {
    json = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  }
  let value: unknown;
  try {
    value = JSON.parse(json.replace(/^\uFEFF/, ''));
  } catch {
    return {
      ok: false,
      errors: [
        'The file is not JSON (nor a zip holding it): choose the lifeboard-export.json or the .zip made by Export.',
      ],
    };
  }
  return parseExportFile(value);
}

export interface ImportReport {
  imported: number;
  alreadyThere: number;
  /** Set when the import stopped part way (network, server): what was imported stays, a retry skips it. */
  error: string | null;
}

export type ImportProgress = (message: string) => void;

interface ImportItem {
  model: 'journal_entry' | 'note';
  key: string;
  fields: Record<string, unknown>;
  /** The entry's mood, made as a mood record and linked. */
  mood?: ExportedMood & { at: string };
  /** The note's category name. */
  category?: string;
}

/**
 * Creates the records of the file that the board does not have yet. The keys of the board's records are
 * computed first (every page), and each record of the file is checked against them and against the ones
 * before it in the file, so a file imported twice, or holding a record twice, creates nothing twice.
 */
export async function importExport(
  board: number,
  file: ExportFile,
  progress: ImportProgress = () => undefined,
): Promise<ImportReport> {
  progress('Reading what is already on this board…');
  const [entries, notes, categories] = [
    await fetchAll('journal_entry', board),
    await fetchAll('note', board),
    await fetchAll('category', board),
  ];
  if (!entries.ok || !notes.ok || !categories.ok) {
    const failed = [entries, notes, categories].find((result) => !result.ok);
    const error = failed && !failed.ok ? failed.error : null;
    return {
      imported: 0,
      alreadyThere: 0,
      error: `Nothing was imported: the board's records could not be read (${error?.message ?? 'unknown error'}).`,
    };
  }
  const known = new Set([
    ...entries.records.map((e) => dedupeKey('journal_entry', e)),
    ...notes.records.map((n) => dedupeKey('note', n)),
  ]);
  const work: ImportItem[] = [
    ...file.journal_entries.map((e): ImportItem => ({
      model: 'journal_entry',
      key: dedupeKey('journal_entry', e),
      fields: { title: e.title, body: e.body, date: e.date, ...(e.tags?.length ? { tags: e.tags } : {}) },
      mood: e.mood ? { ...e.mood, at: e.mood.at ?? `${e.date}T12:00:00.000Z` } : undefined,
    })),
    ...file.notes.map((n): ImportItem => ({
      model: 'note',
      key: dedupeKey('note', n),
      fields: { title: n.title, body: n.body, ...(n.pinned ? { pinned: true } : {}) },
      category: n.category,
    })),
  ];
  const todo = work.filter((item) => {
    if (known.has(item.key)) return false;
    known.add(item.key);
    return true;
  });
  const report: ImportReport = { imported: 0, alreadyThere: work.length - todo.length, error: null };
  const resources = {
    journal_entry: createResource('journal_entry'),
    note: createResource('note'),
    mood: createResource('mood'),
    category: createResource('category'),
  };
  // A category is matched by name on this board, and made once when it is missing.
  const categoryIds = new Map(
    categories.records.map((c) => [
      String(c.name ?? '')
        .trim()
        .toLowerCase(),
      c.id,
    ]),
  );
  const stopped = (message: string) => {
    report.error = `The import stopped after ${report.imported} of ${todo.length}: ${message}. Importing the file again adds only what is missing.`;
    return report;
  };
  // One at a time: the embedded database serves one connection, and the order of the file is kept.
  for (const item of todo) {
    progress(`Importing ${report.imported + 1} of ${todo.length}…`);
    const fields = { ...item.fields };
    if (item.mood) {
      const mood = await resources.mood.create(board, item.mood);
      if (!mood.ok) return stopped(mood.error.message);
      fields.mood_id = mood.data.id;
    }
    if (item.category) {
      const name = item.category.trim().toLowerCase();
      let id = categoryIds.get(name);
      if (id === undefined) {
        const made = await resources.category.create(board, { name: item.category.trim() });
        if (!made.ok) return stopped(made.error.message);
        id = made.data.id;
        categoryIds.set(name, id);
      }
      fields.category_id = id;
    }
    const result = await resources[item.model].create(board, fields);
    if (!result.ok) return stopped(result.error.message);
    report.imported++;
  }
  return report;
}
