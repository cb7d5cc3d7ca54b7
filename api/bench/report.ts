export interface Row {
  database: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  note?: string;
}

const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width));

/** One table, one line per case and database; the 1,000-note list sits beside the 100,000-note one. */
export function printTable(rows: Row[]): void {
  const widths = [10, Math.max(...rows.map((row) => row.name.length), 4), 9, 8, 8, 7];
  const line = (cells: string[]) => cells.map((cell, i) => pad(cell, widths[i], i >= 2)).join('  ');
  console.log(`\n${line(['database', 'case', 'req/s', 'p50 ms', 'p99 ms', 'errors'])}`);
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) {
    console.log(line([row.database, row.name, Math.round(row.rps).toLocaleString('en'), String(row.p50), String(row.p99), String(row.errors)]));
    if (row.note) console.log(`  ${row.note}`);
  }
}
