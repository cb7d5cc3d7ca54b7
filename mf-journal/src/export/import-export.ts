import { strFromU8, unzipSync } from 'fflate';
import { createResource } from '@lifeboard/shared/api/resource';
import { exportJsonName, parseExportFile } from './export-format';
import type { ExportFile, ExportedMood } from './export-format';
import { dedupeKey } from './dedupe';
import { ImageImport, imagesFolder, zipImageProblems } from './export-images';
import { fetchAll } from './fetch-all';

/** A zip starts with the local-file-header signature `PK\x03\x04`. */
function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** A read export: the checked file and the images its zip holds (path in the zip → bytes). */
export type ReadResult =
  { ok: true; file: ExportFile; images: Map<string, Uint8Array> } | { ok: false; errors: string[] };

/**
 * Reads an export — its JSON, or the zip holding it and the images its bodies name — and checks it, images
 * included; nothing is sent anywhere.
 */
export function readExport(bytes: Uint8Array): ReadResult {
  let json: string;
  const images = new Map<string, Uint8Array>();
  if (isZip(bytes)) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes, {
        filter: (file) =>
          file.name === exportJsonName || file.name.endsWith(`/${exportJsonName}`) || file.name.includes(imagesFolder),
      });
    } catch {
      return { ok: false, errors: ['The zip file is damaged and cannot be read.'] };
    }
    const jsonName = Object.keys(entries).find(
      (name) => name === exportJsonName || name.endsWith(`/${exportJsonName}`),
    );
    if (!jsonName) return { ok: false, errors: [`This zip holds no ${exportJsonName}: it is not a Lifeboard export.`] };
    json = strFromU8(entries[jsonName]);
    // The images sit beside the JSON (a zip re-made by hand may put both in a folder).
    const folder = jsonName.slice(0, jsonName.length - exportJsonName.length);
    for (const [name, content] of Object.entries(entries))
      if (name.startsWith(`${folder}${imagesFolder}`)) images.set(name.slice(folder.length), content);
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
  const parsed = parseExportFile(value);
  if (!parsed.ok) return parsed;
  const problems = zipImageProblems(parsed.file, images, isZip(bytes));
  if (problems.length) return { ok: false, errors: problems };
  return { ok: true, file: parsed.file, images };
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
  images: ReadonlyMap<string, Uint8Array> = new Map(),
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
  const toImport = work.filter((item) => {
    if (known.has(item.key)) return false;
    known.add(item.key);
    return true;
  });
  const report: ImportReport = { imported: 0, alreadyThere: work.length - toImport.length, error: null };
  const imageImport = new ImageImport(images);
  if (
    toImport.some((item) => typeof item.fields.body === 'string' && item.fields.body.includes(`src="${imagesFolder}`))
  ) {
    // Sealed or plain is settled before anything is made: a locked journal imports nothing.
    try {
      await imageImport.prepare();
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      return { ...report, error: `Nothing was imported: ${error.message}` };
    }
  }
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
    report.error = `The import stopped after ${report.imported} of ${toImport.length}: ${message}. Importing the file again adds only what is missing.`;
    return report;
  };
  // One at a time: the embedded database serves one connection, and the order of the file is kept.
  for (const item of toImport) {
    progress(`Importing ${report.imported + 1} of ${toImport.length}…`);
    const fields = { ...item.fields };
    if (typeof fields.body === 'string') {
      try {
        fields.body = await imageImport.rewrite(fields.body);
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        return stopped(`an image could not be uploaded (${error.message.replace(/\.$/, '')})`);
      }
    }
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
