import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { decodeCursor, encodeCursor } from './cursor';

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(cursor: string, kind: 'newest' | 'position'): number | undefined {
  try {
    decodeCursor(cursor, kind);
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.statusCode : -1;
  }
}

describe('decodeCursor', () => {
  it('reads back what encodeCursor wrote, up to the database bounds', () => {
    expect(decodeCursor(encodeCursor([2_147_483_647, 2_147_483_647]), 'position')).toEqual([
      2_147_483_647, 2_147_483_647,
    ]);
    expect(decodeCursor(encodeCursor([-2_147_483_647, 1]), 'position')).toEqual([-2_147_483_647, 1]);
    expect(decodeCursor(encodeCursor(['9999-12-31T23:59:59.999Z', 3]), 'newest')).toEqual([
      '9999-12-31T23:59:59.999Z',
      3,
    ]);
    expect(decodeCursor(encodeCursor(['0001-01-01T00:00:00.000Z', 3]), 'newest')).toEqual([
      '0001-01-01T00:00:00.000Z',
      3,
    ]);
  });

  it('answers 422 for keys and ids PostgreSQL could not compare', () => {
    for (const key of [2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1.5])
      expect(refusal(raw([key, 1]), 'position')).toBe(422);
    for (const key of [
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '+010000-01-01T00:00:00.000Z',
      '0000-12-31T23:59:59.999Z',
      'soon',
    ]) {
      expect(refusal(raw([key, 1]), 'newest')).toBe(422);
    }
    expect(refusal(raw(['2026-01-01T00:00:00.000Z', 2 ** 31]), 'newest')).toBe(422);
    expect(refusal(raw([1, 0]), 'position')).toBe(422);
    expect(refusal('not base64 json', 'position')).toBe(422);
  });
});
