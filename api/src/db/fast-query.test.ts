import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/helpers';
import type { Db } from './client';
import { fastQueryOf } from './fast-query';

let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

describe('fast query', () => {
  it('keeps a statement usable when its first run fails on the values', async () => {
    // A SQL text of its own, so this is certainly the statement's first run in this process.
    const text = `select $1::int + 1 as n /* ${Date.now()} */`;
    const fast = fastQueryOf(db);
    await expect(fast.rows(text, ['not a number'])).rejects.toThrow(/invalid input syntax/);
    expect(await fast.rows(text, [41])).toEqual([['42']]);
    expect(await fast.rows(text, [1])).toEqual([['2']]);
  });

  it('reports a statement that does not parse, every time', async () => {
    const text = `select from_nowhere( /* ${Date.now()} */`;
    const fast = fastQueryOf(db);
    await expect(fast.rows(text, [])).rejects.toThrow(/syntax error/);
    await expect(fast.rows(text, [])).rejects.toThrow(/syntax error/);
  });
});
