/**
 * Plain-text tables for the bench's output, and the targets of issue 4 printed beside each number. A missed
 * target is reported, never thrown: the bench measures, it does not gate.
 */
import { sumByApp, sumSizes } from './bytes';
import type { AppSizes, Transfer } from './bytes';
import { seededRandom } from './seeded-random';

/** kB as browsers' DevTools and Lighthouse print them: 1000 bytes. */
export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

export function ms(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a';
}

export interface Target {
  label: string;
  value: number;
  limit: number;
  /** 'max': the value must stay at or under the limit; 'min': at or above it. */
  kind: 'max' | 'min';
  format: (value: number) => string;
}

export function isMet(target: Target): boolean {
  if (!Number.isFinite(target.value)) return false;
  return target.kind === 'max' ? target.value <= target.limit : target.value >= target.limit;
}

export function describeTarget(target: Target): string {
  const sign = target.kind === 'max' ? '≤' : '≥';
  return `target ${sign} ${target.format(target.limit)}: ${isMet(target) ? 'met' : 'MISSED'}`;
}

export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The middle of a difference and the 95 % interval around it. */
export interface Difference {
  median: number;
  low: number;
  high: number;
}

/**
 * `these[i] − those[i]` for visits made one after the other (run i of both builds), as the median of those
 * differences with a 95 % bootstrap interval: whether two builds differ by more than the machine's noise, which
 * moved a median of 25 visits by ±20 ms between runs. The resampling is seeded: the same visits print the same
 * interval.
 */
export function pairedDifference(these: readonly number[], those: readonly number[], resamples = 2000): Difference {
  const differences = these.flatMap((value, index) =>
    Number.isFinite(value) && Number.isFinite(those[index]) ? [value - those[index]] : [],
  );
  if (differences.length === 0) return { median: Number.NaN, low: Number.NaN, high: Number.NaN };
  const random = seededRandom(1);
  const medians = Array.from({ length: resamples }, () =>
    median(differences.map(() => differences[Math.floor(random() * differences.length)])),
  ).sort((a, b) => a - b);
  return {
    median: median(differences),
    low: medians[Math.floor(resamples * 0.025)],
    high: medians[Math.ceil(resamples * 0.975) - 1],
  };
}

/** A signed duration: "+7 ms", "−6 ms". */
export function signedMs(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  const rounded = Math.round(value);
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : ''}${Math.abs(rounded)} ms`;
}

/** Left-aligned first column, right-aligned others, two spaces apart. */
export function table(rows: readonly (readonly string[])[], indent = '  '): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  return rows
    .map(
      (row) =>
        indent +
        row
          .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
          .join('  ')
          .trimEnd(),
    )
    .join('\n');
}

function sizeCells(label: string, sizes: AppSizes): string[] {
  return [
    label,
    kb(sizes.js.raw),
    kb(sizes.js.gzip),
    kb(sizes.css.raw),
    kb(sizes.css.gzip),
    kb(sizes.other.gzip),
    String(sizes.js.files + sizes.css.files + sizes.other.files),
  ];
}

/** Per app: JS and CSS raw and gzip, other files (manifests, remotes.json, HTML) gzip, and a total row. */
export function bytesTable(transfers: readonly Transfer[], indent = '    '): string {
  const header = ['app', 'JS raw', 'JS gz', 'CSS raw', 'CSS gz', 'other gz', 'files'];
  const byApp = sumByApp(transfers);
  const rows = [...byApp].map(([app, sizes]) => sizeCells(app, sizes));
  if (byApp.size > 1) rows.push(sizeCells('total', sumSizes(transfers)));
  if (rows.length === 0) rows.push(['(nothing)', '', '', '', '', '', '0']);
  return table([header, ...rows], indent);
}

/** Every file, largest gzip first: what to look at when a budget is missed. */
export function fileList(transfers: readonly Transfer[], indent = '      '): string {
  const rows = [...transfers]
    .sort((a, b) => b.gzip - a.gzip)
    .map((transfer) => [
      `${transfer.app} ${new URL(transfer.url).pathname}`,
      transfer.kind,
      kb(transfer.raw),
      kb(transfer.gzip),
    ]);
  return rows.length ? table(rows, indent) : '';
}
