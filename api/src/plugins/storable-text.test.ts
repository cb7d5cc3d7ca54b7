import { describe, expect, it } from 'vitest';
import { findUnstorableText, hasUnstorableText } from './storable-text';

describe('storable text', () => {
  it('flags U+0000 and unpaired surrogates, not paired ones', () => {
    for (const text of ['a\u0000b', '\u0000', 'a\ud800b', '\udfff', 'x\ud83d', '\ude00x']) expect(hasUnstorableText(text), JSON.stringify(text)).toBe(true);
    for (const text of ['', 'plain', 'emoji \ud83d\ude00', '\ufffd', 'tab\tnewline\n']) expect(hasUnstorableText(text), JSON.stringify(text)).toBe(false);
  });

  it('finds the path of the first bad value or key, deep in objects and arrays', () => {
    expect(findUnstorableText({ board: 1, params: { title: 'ok', tags: ['x', 'y\u0000'] } })).toEqual(['params', 'tags', '1']);
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
