import { describe, expect, it } from 'vitest';
import { createSchema, updateSchema } from './define';
import { models } from './index';
import { encodeCipher } from '../crypto/format';

const cipherOf = (bytes: number) => encodeCipher(new Uint8Array(12), new Uint8Array(bytes));

describe('encryptable fields on the wire', () => {
  const create = createSchema(models.journal_entry);

  it('take the ciphertext of a full-length title, which is longer than the plain limit', () => {
    const title = cipherOf(200 * 4 + 16);
    expect(title.length).toBeGreaterThan(200);
    const parsed = create.parse({ date: '2026-01-05', title, encrypted: true, record_uid: 'A'.repeat(22) });
    expect(parsed.title).toBe(title);
  });

  it('still check, trim and name the limit of plain text', () => {
    expect(create.parse({ date: '2026-01-05', title: '  Monday  ' }).title).toBe('Monday');
    const result = create.safeParse({ date: '2026-01-05', title: 'x'.repeat(201) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('must be at most 200 characters');
  });

  it('refuse a ciphertext longer than any title could make, and a bad record uid', () => {
    expect(updateSchema(models.note).safeParse({ title: cipherOf(200 * 4 + 400) }).success).toBe(false);
    expect(updateSchema(models.note).safeParse({ record_uid: 'short' }).success).toBe(false);
  });
});
