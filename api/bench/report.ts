export interface Target {
  /** At least this many requests a second. */
  rps?: number;
  /** At most this many milliseconds at the 99th percentile. */
  p99?: number;
}

export interface Row {
  database: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  target?: Target;
  note?: string;
}

const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width));

function targetText(target: Target | undefined): string {
  if (!target) return '';
  return [target.rps ? `≥${target.rps.toLocaleString('en')}/s` : '', target.p99 ? `p99≤${target.p99}` : '']
    .filter(Boolean)
    .join(' ');
}

/** `met`, `MISSED` (what), or blank when the case has no target. Any error misses. */
export function verdict(row: Row): string {
  if (!row.target && row.errors === 0) return '';
  const missed: string[] = [];
  if (row.target?.rps && row.rps < row.target.rps) missed.push('req/s');
  if (row.target?.p99 && row.p99 > row.target.p99) missed.push('p99');
  if (row.errors > 0) missed.push('errors');
  return missed.length ? `MISSED (${missed.join(', ')})` : 'met';
}

/** One table, one line per case and database: the 1,000-note cases sit beside the 100,000-note ones. */
export function printTable(rows: Row[]): void {
  const header = ['database', 'case', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'target', 'verdict'];
  const cells = rows.map((row) => [
    row.database,
    row.name,
    Math.round(row.rps).toLocaleString('en'),
    String(row.p50),
    String(row.p99),
    String(row.errors),
    targetText(row.target),
    verdict(row),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i].length)));
  const line = (values: string[]) =>
    values
      .map((value, i) => pad(value, widths[i], i >= 2 && i <= 5))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}`);
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  rows.forEach((row, i) => {
    console.log(line(cells[i]));
    if (row.note) console.log(`  ${row.note}`);
  });
}

/** How much dearer a page of the big board is than the same page of the small one (p50 and req/s). */
export function printScaling(rows: Row[], pairs: [big: string, small: string][]): void {
  console.log('\nbig board vs small board (target: within 1.5×)');
  for (const database of [...new Set(rows.map((row) => row.database))]) {
    for (const [bigName, smallName] of pairs) {
      const big = rows.find((row) => row.database === database && row.name === bigName);
      const small = rows.find((row) => row.database === database && row.name === smallName);
      if (!big || !small || big.rps === 0) continue;
      const ratio = small.rps / big.rps;
      console.log(
        `  ${database}: ${bigName} vs ${smallName}: ${ratio.toFixed(2)}× the time per request (p50 ${big.p50} vs ${small.p50} ms) ${ratio <= 1.5 ? 'met' : 'MISSED'}`,
      );
    }
  }
}

/** PostgreSQL should be at least as fast as PGlite on every case with a target. */
export function printComparison(rows: Row[]): void {
  const pglite = rows.filter((row) => row.database === 'PGlite' && row.target?.rps);
  if (!pglite.length || !rows.some((row) => row.database === 'PostgreSQL')) return;
  console.log('\nPostgreSQL vs PGlite (target: at least as fast)');
  for (const row of pglite) {
    const other = rows.find((candidate) => candidate.database === 'PostgreSQL' && candidate.name === row.name);
    if (!other) continue;
    console.log(
      `  ${row.name}: ${Math.round(other.rps)} vs ${Math.round(row.rps)} req/s ${other.rps >= row.rps ? 'met' : 'MISSED'}`,
    );
  }
}
