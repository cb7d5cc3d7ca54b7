import { describe, expect, it } from 'vitest';
import { codeGzip, kindOf, sumByApp } from './bytes';
import type { Transfer } from './bytes';
import { bytesTable, describeTarget, isMet, kb, median, pairedDifference, signedMs, table } from './report';

const transfers: Transfer[] = [
  { url: 'http://localhost:1/main.1234567890.js', app: 'shell', kind: 'js', raw: 100_000, gzip: 30_000 },
  { url: 'http://localhost:1/main.1234567890.css', app: 'shell', kind: 'css', raw: 8_000, gzip: 2_000 },
  { url: 'http://localhost:2/remoteEntry.js', app: 'mf-goals', kind: 'js', raw: 60_000, gzip: 18_000 },
  { url: 'http://localhost:2/mf-manifest.json', app: 'mf-goals', kind: 'other', raw: 5_000, gzip: 1_000 },
];

describe('bytes', () => {
  it('tells JS, CSS and other files apart by resource type or extension', () => {
    expect(kindOf('http://x/a.js?v=1', 'other')).toBe('js');
    expect(kindOf('http://x/entry', 'script')).toBe('js');
    expect(kindOf('http://x/a.css', 'fetch')).toBe('css');
    expect(kindOf('http://x/mf-manifest.json', 'fetch')).toBe('other');
  });

  it('sums per app and kind, and counts only code toward a code budget', () => {
    const byApp = sumByApp(transfers);
    expect([...byApp.keys()]).toEqual(['shell', 'mf-goals']);
    expect(byApp.get('mf-goals')?.js).toEqual({ raw: 60_000, gzip: 18_000, files: 1 });
    expect(byApp.get('mf-goals')?.other.files).toBe(1);
    expect(codeGzip(transfers)).toBe(50_000);
    expect(codeGzip(transfers, ['js'])).toBe(48_000);
  });
});

describe('report', () => {
  it('checks targets both ways, and an unmeasured value never meets one', () => {
    expect(isMet({ label: 'a', value: 50_000, limit: 50_000, kind: 'max', format: kb })).toBe(true);
    expect(isMet({ label: 'a', value: 50_001, limit: 50_000, kind: 'max', format: kb })).toBe(false);
    expect(isMet({ label: 'b', value: 94, limit: 95, kind: 'min', format: String })).toBe(false);
    expect(isMet({ label: 'c', value: Number.NaN, limit: 300, kind: 'max', format: String })).toBe(false);
    expect(describeTarget({ label: 'd', value: 51_234, limit: 50_000, kind: 'max', format: kb })).toBe(
      'target ≤ 50.0 kB: MISSED',
    );
  });

  it('takes the median of the finite values', () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([Number.NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
  });

  it('prints one row per app and a total', () => {
    const lines = bytesTable(transfers, '').split('\n');
    expect(lines[0]).toMatch(/^app\s+JS raw\s+JS gz\s+CSS raw\s+CSS gz\s+other gz\s+files$/);
    expect(lines[1]).toMatch(/^shell\s+100\.0 kB\s+30\.0 kB\s+8\.0 kB\s+2\.0 kB\s+0\.0 kB\s+2$/);
    expect(lines[3]).toMatch(/^total\s+160\.0 kB\s+48\.0 kB\s+8\.0 kB\s+2\.0 kB\s+1\.0 kB\s+4$/);
    expect(
      table(
        [
          ['a', 'bb'],
          ['ccc', 'd'],
        ],
        '',
      ),
    ).toBe('a    bb\nccc   d');
  });
});

describe('pairedDifference', () => {
  it('is exact when every pair differs alike', () => {
    expect(pairedDifference([310, 290, 350], [300, 280, 340])).toEqual({ median: 10, low: 10, high: 10 });
  });

  it('puts an interval around the median that holds it, and skips unfinished pairs', () => {
    const these = [300, 320, 340, 360, 380, 305, 315, Number.NaN];
    const those = [310, 300, 350, 330, 390, 300, 330, 100];
    const difference = pairedDifference(these, those);
    expect(difference.median).toBe(-10);
    expect(difference.low).toBeLessThanOrEqual(difference.median);
    expect(difference.high).toBeGreaterThanOrEqual(difference.median);
    expect(difference.low).toBeGreaterThanOrEqual(-15);
    expect(difference.high).toBeLessThanOrEqual(30);
    expect(pairedDifference(these, those)).toEqual(difference);
  });

  it('has nothing to say without pairs', () => {
    expect(pairedDifference([], [])).toEqual({ median: Number.NaN, low: Number.NaN, high: Number.NaN });
  });
});

describe('signedMs', () => {
  it('signs a duration', () => {
    expect(signedMs(7.4)).toBe('+7 ms');
    expect(signedMs(-6)).toBe('−6 ms');
    expect(signedMs(0.2)).toBe('0 ms');
    expect(signedMs(Number.NaN)).toBe('n/a');
  });
});
