import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import Papa from 'papaparse';
import type { DayEntry } from './strength';

/*
 * Loop Habit Tracker's CSV archive (uhabits-core HabitsCSVExporter and HabitList.writeCSV), so people can move
 * between the two apps:
 *   Habits.csv                 Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,
 *                              Color,Unit,Target Type,Target Value,Archived?   (Position "001", Type YES_NO|NUMERICAL)
 *   NNN Name/Checkmarks.csv    date,value per known day, newest first; no header. Yes/no: 2 done by hand,
 *                              1 done implicitly (frequency), 0 not done, 3 skipped. Numeric: the amount × 1000.
 *   NNN Name/Scores.csv        date,score (4 decimals) from the first check-in to today, newest first.
 *   Checkmarks.csv, Scores.csv every selected habit as a column, newest day first ("Date,Name,…," header).
 */

export const LOOP_YES_MANUAL = 2;
export const LOOP_YES_AUTO = 1;
export const LOOP_NO = 0;
export const LOOP_SKIP = 3;

export interface ExportHabit {
  title: string;
  description: string;
  kind: 'yes_no' | 'at_least' | 'at_most';
  num: number;
  den: number;
  color: string | null;
  unit: string;
  target: number | null;
  archived: boolean;
  /** Check-ins, oldest first. */
  entries: readonly DayEntry[];
  /** Strength on every day from the first check-in to today, oldest first. */
  scores: readonly [string, number][];
}

const csv = (rows: (string | number)[][]) => Papa.unparse(rows, { newline: '\n' }) + (rows.length ? '\n' : '');

/** Loop's folder names: letters, digits, spaces, dots, dashes and underscores only, at most 100 characters. */
export function loopFolderName(index: number, title: string): string {
  const sane = title.replace(/[^ a-zA-Z0-9._-]+/g, '').slice(0, 100);
  return `${String(index + 1).padStart(3, '0')} ${sane}`.trim();
}

function loopValue(habit: ExportHabit, value: DayEntry['value']): number {
  if (value === 'yes') return LOOP_YES_MANUAL;
  if (value === 'skip') return LOOP_SKIP;
  return Math.round(value * 1000);
}

/**
 * The archive of `habits` (every habit of the board, in order, for Habits.csv), with a folder and the combined
 * files for those `selected` (indexes into `habits`).
 */
export function buildLoopArchive(
  habits: readonly ExportHabit[],
  selected: readonly number[],
  today: string,
): Uint8Array {
  const files: Zippable = {};
  const header = [
    'Position',
    'Name',
    'Type',
    'Question',
    'Description',
    'FrequencyNumerator',
    'FrequencyDenominator',
    'Color',
    'Unit',
    'Target Type',
    'Target Value',
    'Archived?',
  ];
  files['Habits.csv'] = strToU8(
    csv([
      header,
      ...habits.map((h, i) => {
        const numeric = h.kind !== 'yes_no';
        return [
          String(i + 1).padStart(3, '0'),
          h.title,
          numeric ? 'NUMERICAL' : 'YES_NO',
          '',
          h.description,
          h.num,
          h.den,
          h.color ?? '',
          numeric ? h.unit : '',
          numeric ? (h.kind === 'at_most' ? 'AT_MOST' : 'AT_LEAST') : '',
          numeric ? String(h.target ?? 0) : '',
          String(h.archived),
        ];
      }),
    ]),
  );
  for (const index of selected) {
    const habit = habits[index];
    const folder = loopFolderName(index, habit.title);
    files[`${folder}/Checkmarks.csv`] = strToU8(
      csv([...habit.entries].reverse().map((e) => [e.date, loopValue(habit, e.value)])),
    );
    files[`${folder}/Scores.csv`] = strToU8(
      csv([...habit.scores].reverse().map(([date, score]) => [date, score.toFixed(4)])),
    );
  }
  // The combined files: from today back to the oldest check-in among the selected habits.
  const chosen = selected.map((i) => habits[i]);
  const oldest =
    chosen
      .map((h) => h.entries[0]?.date)
      .filter((d): d is string => Boolean(d))
      .sort()[0] ?? today;
  const byDay = chosen.map((h) => ({
    values: new Map(h.entries.map((e) => [e.date, loopValue(h, e.value)])),
    scores: new Map(h.scores),
  }));
  const checks: string[] = [`Date,${chosen.map((h) => csvCell(h.title)).join(',')},`];
  const scores: string[] = [checks[0]];
  for (let day = today; day >= oldest; day = previousDay(day)) {
    checks.push(`${day},${byDay.map((h) => h.values.get(day) ?? LOOP_NO).join(',')},`);
    scores.push(`${day},${byDay.map((h) => (h.scores.get(day) ?? 0).toFixed(4)).join(',')},`);
  }
  files['Checkmarks.csv'] = strToU8(`${checks.join('\n')}\n`);
  files['Scores.csv'] = strToU8(`${scores.join('\n')}\n`);
  return zipSync(files, { level: 6 });
}

function csvCell(text: string): string {
  return Papa.unparse([[text]], { newline: '\n' });
}

function previousDay(iso: string): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export interface ImportedHabit {
  title: string;
  description: string;
  kind: 'yes_no' | 'at_least' | 'at_most';
  num: number;
  den: number;
  color: string | null;
  unit: string | null;
  target: number | null;
  archived: boolean;
  entries: DayEntry[];
}

export class LoopArchiveError extends Error {}

/** What an archive may hold before it is refused: a zip bomb or a wrong file stops here. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const MAX_HABITS = 1000;
const MAX_ENTRIES = 400_000;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

const withoutBom = (text: string) => text.replace(/^\uFEFF/, '');
const parseTable = (text: string) =>
  Papa.parse<Record<string, string | undefined>>(withoutBom(text), { header: true, skipEmptyLines: 'greedy' }).data;
const parseLines = (text: string) =>
  Papa.parse<string[]>(withoutBom(text), { header: false, skipEmptyLines: 'greedy' }).data;

const whole = (text: string | undefined, fallback: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 365 ? n : fallback;
};

/** The habits and check-ins of a Loop archive; throws LoopArchiveError with a sentence a person can act on. */
export function readLoopArchive(bytes: Uint8Array): ImportedHabit[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (file.originalSize > MAX_FILE_BYTES)
          throw new LoopArchiveError(`“${file.name}” is too large to import (over 20 MB).`);
        return /(^|\/)Habits\.csv$/.test(file.name) || /(^|\/)[^/]+\/Checkmarks\.csv$/.test(file.name);
      },
    });
  } catch (error) {
    if (error instanceof LoopArchiveError) throw error;
    throw new LoopArchiveError(
      'This file is not a zip archive. Export from Loop Habit Tracker with “Export as CSV” and choose the zip it makes.',
    );
  }
  const habitsPath = Object.keys(files)
    .filter((name) => name.endsWith('Habits.csv'))
    .sort((a, b) => a.length - b.length)[0];
  if (!habitsPath)
    throw new LoopArchiveError('This archive has no Habits.csv: it is not a Loop Habit Tracker CSV export.');
  const root = habitsPath.slice(0, -'Habits.csv'.length);
  const rows = parseTable(strFromU8(files[habitsPath]));
  if (!rows.length || !('Name' in rows[0]) || !('Position' in rows[0]))
    throw new LoopArchiveError(
      'Habits.csv has no Position and Name columns: it is not a Loop Habit Tracker CSV export.',
    );
  if (rows.length > MAX_HABITS)
    throw new LoopArchiveError(
      `This archive has ${rows.length} habits; at most ${MAX_HABITS} can be imported at once.`,
    );
  const folders = Object.keys(files)
    .filter((name) => name.startsWith(root) && name.endsWith('/Checkmarks.csv'))
    .map((name) => name.slice(root.length, -'/Checkmarks.csv'.length));
  let total = 0;
  return rows
    .filter((row) => (row.Name ?? '').trim())
    .map((row) => {
      const numeric = row.Type === 'NUMERICAL';
      const position = (row.Position ?? '').trim();
      const folder = folders.find((name) => name === position || name.startsWith(`${position} `));
      const entries: DayEntry[] = [];
      if (folder !== undefined) {
        for (const [date, raw] of parseLines(strFromU8(files[`${root}${folder}/Checkmarks.csv`]))) {
          const value = Number(raw);
          if (!datePattern.test(date ?? '') || !Number.isFinite(value)) continue;
          if (numeric) {
            if (value >= 0) entries.push({ date, value: Math.min(1_000_000, value / 1000) });
          } else if (value === LOOP_YES_MANUAL) entries.push({ date, value: 'yes' });
          else if (value === LOOP_SKIP) entries.push({ date, value: 'skip' });
          // 1 (done implicitly), 0 (not done) and -1 (unknown) are what Loop works out, not check-ins.
        }
      }
      total += entries.length;
      if (total > MAX_ENTRIES)
        throw new LoopArchiveError(
          `This archive has more than ${MAX_ENTRIES.toLocaleString('en')} check-ins; import fewer habits at a time.`,
        );
      entries.sort((a, b) => a.date.localeCompare(b.date));
      const target = Number(row['Target Value']);
      const description = [row.Question, row.Description]
        .map((s) => (s ?? '').trim())
        .filter(Boolean)
        .join('\n')
        .slice(0, 5000);
      return {
        title: (row.Name ?? '').trim().slice(0, 200),
        description,
        kind: numeric ? (row['Target Type'] === 'AT_MOST' ? 'at_most' : 'at_least') : 'yes_no',
        num: whole(row.FrequencyNumerator ?? row.NumRepetitions, 1),
        den: whole(row.FrequencyDenominator ?? row.Interval, 1),
        color: /^#[0-9a-fA-F]{6}$/.test(row.Color ?? '') ? (row.Color ?? null) : null,
        unit: numeric && (row.Unit ?? '').trim() ? (row.Unit ?? '').trim().slice(0, 30) : null,
        target: numeric && Number.isFinite(target) && target >= 0 ? Math.min(1_000_000, target) : null,
        archived: (row['Archived?'] ?? '').trim().toLowerCase() === 'true',
        entries,
      } satisfies ImportedHabit;
    });
}
