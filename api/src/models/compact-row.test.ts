import { models } from '@lifeboard/shared/models';
import { describe, expect, it } from 'vitest';
import { epochMillis, parseCompactPage, parseCompactRow, presenterOf } from './compact-row';

describe('epochMillis', () => {
  it('reads PostgreSQL epoch seconds exactly, truncating below a millisecond', () => {
    expect(epochMillis('1795481506.247')).toBe(1_795_481_506_247);
    expect(epochMillis('1795481506.2479')).toBe(1_795_481_506_247);
    expect(epochMillis('1795481506')).toBe(1_795_481_506_000);
    expect(epochMillis('1795481506.5')).toBe(1_795_481_506_500);
    expect(epochMillis('0')).toBe(0);
  });

  it('truncates toward the past before 1970, as a Date would', () => {
    expect(epochMillis('-1.5')).toBe(-1500);
    expect(epochMillis('-1.0005')).toBe(-1001);
    expect(new Date(epochMillis('-62135596800')).toISOString()).toBe('0001-01-01T00:00:00.000Z');
  });
});

describe('compact rows', () => {
  const line = '42\t7\t1795481506.247\t1795481507.001\t3\t1795400000\t{"body": "a\\tb\\nc", "title": "Tab\\there"}';

  it('splits the seven parts and keeps escaped tabs and newlines inside the data', () => {
    const row = parseCompactRow(line);
    expect(row).toEqual({
      id: 42,
      boardId: 7,
      createdAt: new Date(1_795_481_506_247),
      updatedAt: new Date(1_795_481_507_001),
      position: 3,
      sortAt: new Date(1_795_400_000_000),
      data: { body: 'a\tb\nc', title: 'Tab\there' },
    });
    expect(parseCompactPage(`${line}\n${line.replace(/^42/, '43')}`).map((r) => r.id)).toEqual([42, 43]);
    expect(parseCompactPage(null)).toEqual([]);
  });

  it('refuses anything that is not a row it made', () => {
    expect(() => parseCompactRow('1\t2\t3')).toThrow();
    expect(() => parseCompactRow('1\t2\t3\t4\t5\t6\t[1,2]')).toThrow(/malformed/);
  });
});

describe('presenterOf', () => {
  it("sends the record's base fields and only the model's own fields", () => {
    const present = presenterOf(models.note);
    const row = parseCompactRow(
      '5\t9\t1.5\t2.5\t0\t1.5\t{"title": "Kept", "user_id": 3, "secret": "x", "pinned": false}',
    );
    expect(present(row)).toEqual({
      id: 5,
      board_id: 9,
      created_at: '1970-01-01T00:00:01.500Z',
      updated_at: '1970-01-01T00:00:02.500Z',
      title: 'Kept',
      pinned: false,
    });
  });

  it('adds the position column for ordered models', () => {
    const ordered = Object.values(models).find((def) => 'position' in def.fields.shape);
    if (!ordered) throw new Error('the registry has no model with a position field');
    const record = presenterOf(ordered)(parseCompactRow('5\t9\t1\t1\t4\t1\t{}'));
    expect(record.position).toBe(4);
  });
});
