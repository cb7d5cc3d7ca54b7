import { describe, expect, it } from 'vitest';
import { csvFiles, markdownFiles } from './export-files';

describe("the export's readable files", () => {
  it('writes rich text as Markdown, keeps two same-named entries apart, and quotes CSV cells', () => {
    const entry = (id: number, body: string) => ({
      id,
      title: 'Walk',
      date: '2026-11-01',
      tags: ['outside', 'calm'],
      body,
    });
    const boards = [
      {
        name: 'Home',
        records: {
          journal_entry: [
            entry(
              1,
              '<h2>Morning</h2><ul><li>Park</li><li>Lake, "cold"</li></ul><p><strong>Great</strong></p><p>E: <span class="ql-formula" data-value="e=mc^2"></span></p>',
            ),
            entry(2, ''),
          ],
        },
        habit_entries: [],
      },
    ];
    const [first, second] = markdownFiles(boards);
    expect(first.name).toBe('markdown/journal/home/2026-11-01-walk.md');
    expect(second.name).toBe('markdown/journal/home/2026-11-01-walk-2.md');
    expect(first.text).toBe(
      '---\ntitle: "Walk"\ndate: "2026-11-01"\ntags: ["outside","calm"]\n---\n\n# Walk\n\n## Morning\n\n- Park\n- Lake, "cold"\n\n**Great**\n\nE: $e=mc^2$\n',
    );
    const [csv] = csvFiles(boards);
    expect(csv.name).toBe('csv/journal-entries.csv');
    expect(csv.text.split('\r\n')[0]).toBe('board,id,title,date,tags,body');
    expect(csv.text).toContain('"[""outside"",""calm""]"');
  });

  it("never writes an encrypted entry's ciphertext as its title or body", () => {
    const [file] = markdownFiles([
      {
        name: 'Home',
        records: {
          journal_entry: [{ id: 1, date: '2026-11-02', title: 'lbe1.AAAA', body: 'lbe1.BBBB', encrypted: true }],
        },
        habit_entries: [],
      },
    ]);
    expect(file.name).toBe('markdown/journal/home/2026-11-02-encrypted.md');
    expect(file.text).not.toContain('AAAA');
    expect(file.text).not.toContain('BBBB');
    expect(file.text).toContain('This entry is encrypted on your devices');
  });
});
