import { frontMatter, htmlToMarkdown, slugify, uniqueName } from '@lifeboard/shared/lib/markdown';
import { modelTraits } from '@lifeboard/shared/models/catalog';
import type { ModelName } from '@lifeboard/shared/models/index';
import Papa from 'papaparse';

/** A text file of the export archive, beside `lifeboard.json`. */
export interface ExportFile {
  name: string;
  text: string;
}

type Row = Record<string, unknown>;
interface ExportedBoard {
  name: string;
  records: Record<string, Row[]>;
  habit_entries: Row[];
}

/** The models written as Markdown files, one file per record, from their rich-text body. */
const markdownModels = { journal_entry: 'journal', note: 'notes' } as const;

/**
 * A journal entry or a note as Markdown, laid out as the journal's own export lays it out: front matter, the
 * title as a heading, then the body.
 */
function markdownOf(model: string, record: Row): string {
  // An encrypted entry's title and body are ciphertext the server cannot read: the journal's own export (in
  // the browser, where the key is) writes it as Markdown.
  const sealed = record.encrypted === true;
  const title = sealed ? 'Encrypted entry' : text(record.title).trim() || 'Untitled';
  const head =
    model === 'journal_entry'
      ? frontMatter({
          title,
          date: text(record.date) || undefined,
          tags: strings(record.tags),
          created_at: text(record.created_at) || undefined,
        })
      : frontMatter({ title, pinned: record.pinned === true, created_at: text(record.created_at) || undefined });
  const body = sealed
    ? 'This entry is encrypted on your devices. To read it as Markdown, use Export on the journal page, where it is decrypted.'
    : htmlToMarkdown(text(record.body));
  return `${head}\n# ${title}\n\n${body}\n`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/**
 * The journal and notes as Markdown, one file per record under `markdown/<journal|notes>/<board>/`, named by
 * date (or id) and title so they sort by date in a file browser; names are unique within a folder.
 */
export function markdownFiles(boards: readonly ExportedBoard[]): ExportFile[] {
  const files: ExportFile[] = [];
  const taken = new Set<string>();
  for (const board of boards) {
    for (const [model, folder] of Object.entries(markdownModels)) {
      for (const record of board.records[model] ?? []) {
        const named = record.encrypted === true ? 'encrypted' : slugify(text(record.title));
        const stem = [text(record.date), named].filter(Boolean).join('-');
        const name = uniqueName(taken, `markdown/${folder}/${slugify(board.name)}/${stem}`, '.md');
        files.push({ name, text: markdownOf(model, record) });
      }
    }
  }
  return files;
}

/** A cell as a spreadsheet takes it: lists and objects as JSON, nothing as empty. */
function cellOf(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function csvOf(rows: readonly Row[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return Papa.unparse({ fields: columns, data: rows.map((row) => columns.map((column) => cellOf(row[column]))) });
}

/**
 * A CSV file per kind of record (`csv/<kind>.csv`, every board's records with a `board` column), and one of the
 * habits' check-ins.
 */
export function csvFiles(boards: readonly ExportedBoard[]): ExportFile[] {
  const byModel = new Map<string, Row[]>();
  const checkIns: Row[] = [];
  for (const board of boards) {
    for (const [model, records] of Object.entries(board.records)) {
      const rows = byModel.get(model) ?? [];
      byModel.set(model, rows);
      for (const record of records) rows.push({ board: board.name, ...record });
    }
    for (const entry of board.habit_entries) checkIns.push({ board: board.name, ...entry });
  }
  const files = [...byModel].map(([model, rows]) => ({
    name: `csv/${slugify(modelTraits[model as ModelName]?.plural ?? model)}.csv`,
    text: csvOf(rows),
  }));
  if (checkIns.length) files.push({ name: 'csv/habit-check-ins.csv', text: csvOf(checkIns) });
  return files;
}
