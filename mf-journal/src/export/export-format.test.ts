import { describe, expect, it } from 'vitest';
import { parseExportFile } from './export-format';

const valid = {
  format: 'lifeboard-export',
  version: 1,
  exported_at: '2026-11-22T10:00:00.000Z',
  journal_entries: [{ title: 'A', body: '<p>x</p>', date: '2026-11-16' }],
  notes: [{ title: 'N' }],
};

describe('parseExportFile', () => {
  it('accepts an export and fills what may be left out', () => {
    const result = parseExportFile(valid);
    expect(result.ok && result.file.notes[0]).toEqual({ title: 'N', body: '' });
  });

  it('says plainly when a file is not an export at all', () => {
    expect(parseExportFile([1, 2])).toEqual({
      ok: false,
      errors: ['This is not a Lifeboard export: its "format" should be "lifeboard-export".'],
    });
    expect(parseExportFile({ ...valid, format: 'other' }).ok).toBe(false);
  });

  it('refuses a newer version with a reason', () => {
    const result = parseExportFile({ ...valid, version: 2 });
    expect(result.ok ? [] : result.errors).toEqual([
      'This export is version 2, newer than this app reads (version 1). Update the app and try again.',
    ]);
  });

  it('names the record and field of each problem, five at most', () => {
    const entries = Array.from({ length: 8 }, (_, i) => ({ title: 'x', date: i === 0 ? '2026-02-30' : 'someday' }));
    const result = parseExportFile({ ...valid, journal_entries: entries });
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors[0]).toBe('journal_entries[0].date: is not a date that exists (years 0001–9999)');
    expect(errors[1]).toBe('journal_entries[1].date: must be a date as YYYY-MM-DD');
    expect(errors).toHaveLength(6);
    expect(errors[5]).toMatch(/^…and \d+ more problems\.$/);
  });
});
