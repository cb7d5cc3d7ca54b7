import { strFromU8, unzipSync } from 'fflate';
import { createResource } from '@lifeboard/shared/api/resource';
import { exportJsonName, parseExportFile } from './export-format';
import type { ExportFile, ParseResult } from './export-format';
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
      entries = unzipSync(bytes, { filter: (file) => file.name === exportJsonName || file.name.endsWith(`/${exportJsonName}`) });
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
    return { ok: false, errors: ['The file is not JSON (nor a zip holding it): choose the lifeboard-export.json or the .zip made by Export.'] };
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

/**
 * Creates the records of the file that the board does not have yet. The keys of the board's records are
 * computed first (every page), and each record of the file is checked against them and against the ones
 * before it in the file, so a file imported twice, or holding a record twice, creates nothing twice.
 */
export async function importExport(board: number, file: ExportFile, progress: ImportProgress = () => undefined): Promise<ImportReport> {
  progress('Reading what is already on this board…');
  const [entries, notes] = [await fetchAll('journal_entry', board), await fetchAll('note', board)];
  if (!entries.ok || !notes.ok) {
    const error = !entries.ok ? entries.error : !notes.ok ? notes.error : null;
    return { imported: 0, alreadyThere: 0, error: `Nothing was imported: the board's records could not be read (${error?.message ?? 'unknown error'}).` };
  }
  const known = new Set([...entries.records.map((e) => dedupeKey('journal_entry', e)), ...notes.records.map((n) => dedupeKey('note', n))]);
  const work = [
    ...file.journal_entries.map((e) => ({ model: 'journal_entry' as const, key: dedupeKey('journal_entry', e), fields: { title: e.title, body: e.body, date: e.date, ...(e.tags?.length ? { tags: e.tags } : {}) } })),
    ...file.notes.map((n) => ({ model: 'note' as const, key: dedupeKey('note', n), fields: { title: n.title, body: n.body, ...(n.pinned ? { pinned: true } : {}) } })),
  ];
  const todo = work.filter((item) => {
    if (known.has(item.key)) return false;
    known.add(item.key);
    return true;
  });
  const report: ImportReport = { imported: 0, alreadyThere: work.length - todo.length, error: null };
  const resources = { journal_entry: createResource('journal_entry'), note: createResource('note') };
  // One at a time: the embedded database serves one connection, and the order of the file is kept.
  for (const item of todo) {
    progress(`Importing ${report.imported + 1} of ${todo.length}…`);
    const result = await resources[item.model].create(board, item.fields);
    if (!result.ok) {
      report.error = `The import stopped after ${report.imported} of ${todo.length}: ${result.error.message}. Importing the file again adds only what is missing.`;
      return report;
    }
    report.imported++;
  }
  return report;
}
