import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../test/helpers';
import { findBodyProblem, findUnstorableText, hasUnstorableText, MAX_BODY_DEPTH } from './storable-text';

describe('storable text', () => {
  it('flags U+0000 and unpaired surrogates, not paired ones', () => {
    for (const text of ['a\u0000b', '\u0000', 'a\ud800b', '\udfff', 'x\ud83d', '\ude00x'])
      expect(hasUnstorableText(text), JSON.stringify(text)).toBe(true);
    for (const text of ['', 'plain', 'emoji \ud83d\ude00', '\ufffd', 'tab\tnewline\n'])
      expect(hasUnstorableText(text), JSON.stringify(text)).toBe(false);
  });

  it('finds the path of the first bad value or key, deep in objects and arrays', () => {
    expect(findUnstorableText({ board: 1, params: { title: 'ok', tags: ['x', 'y\u0000'] } })).toEqual([
      'params',
      'tags',
      '1',
    ]);
    expect(findUnstorableText({ params: { 'k\ud800': 1 } })).toEqual(['params', 'k\ud800']);
    expect(findUnstorableText('\u0000')).toEqual([]);
    expect(findUnstorableText({ board: 1, params: { title: 'fine \ud83d\ude00', n: null } })).toBeUndefined();
  });

  it('skips exempt (rich-text) paths only', () => {
    const exempt = new Set(['params.body']);
    expect(findUnstorableText({ params: { body: '<p>a\u0000</p>' } }, exempt)).toBeUndefined();
    expect(findUnstorableText({ params: { body: 'ok', title: '\u0000' } }, exempt)).toEqual(['params', 'title']);
  });
});

describe('deeply nested bodies', () => {
  const nestedArrays = (depth: number): unknown => {
    let value: unknown = [];
    for (let level = 1; level < depth; level += 1) value = [value];
    return value;
  };

  it('names nesting past the cap, without recursion, at any depth', () => {
    expect(findBodyProblem(nestedArrays(MAX_BODY_DEPTH))).toBeUndefined();
    expect(findBodyProblem(nestedArrays(MAX_BODY_DEPTH + 1))?.kind).toBe('too-deep');
    expect(() => findBodyProblem(nestedArrays(1_000_000))).not.toThrow();
    expect(() => findUnstorableText(nestedArrays(200_000))).not.toThrow();
    expect(findUnstorableText({ a: nestedArrays(100_000), b: '\u0000' })).toEqual(['b']);
  });

  it('answers 422 for [[[…]]] bodies within the limit on every kind of path, signed in or not', async () => {
    const app = await createTestApp();
    try {
      const user = await signUp(app);
      // Anonymous paths take 8 KB (plugins/body-limits.ts); a rich-text write takes megabytes.
      for (const [size, url, token] of [
        [4 * 1024, '/api/login', undefined],
        [8 * 1024, '/api/login', undefined],
        [8 * 1024, '/api/notes/create', user.token],
        [8 * 1024, '/api/no-such-model/list', undefined],
        [8 * 1024, '/api/no-such-model/list', user.token],
        [16 * 1024, '/api/note/create', user.token],
        [40 * 1024, '/api/note/create', user.token],
      ] as const) {
        const payload = '['.repeat(size / 2) + ']'.repeat(size / 2);
        const headers = {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        };
        const response = await app.inject({ method: 'POST', url, headers, payload });
        expect(response.statusCode, `${size} ${url}`).toBe(422);
        expect(response.json<{ errors: Record<string, string[]> }>().errors.body?.[0]).toMatch(/nested too deeply/);
      }
    } finally {
      await app.close();
    }
    // Its own app and sign-up: slow only on a machine busy with other suites.
  }, 120_000);
});
