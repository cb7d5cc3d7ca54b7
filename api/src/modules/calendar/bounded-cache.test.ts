import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  it('holds at most its capacity of items, dropping the least recently used entries first', () => {
    const cache = new BoundedCache<number[]>(10);
    cache.set('a', [1, 2, 3]);
    cache.set('b', [1, 2, 3]);
    expect(cache.get('a')).toEqual([1, 2, 3]); // a is now the most recently used
    cache.set('c', [1, 2, 3]); // 12 > 10: b goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual([1, 2, 3]);
    expect(cache.get('c')).toEqual([1, 2, 3]);
    expect(cache.held).toBe(8);
    cache.set('a', [1]); // replaced, not counted twice
    expect(cache.held).toBe(6);
    expect(cache.size).toBe(2);
  });

  it('keeps nothing bigger than itself, and counts empty lists', () => {
    const cache = new BoundedCache<number[]>(3);
    cache.set('big', [1, 2, 3]);
    expect(cache.get('big')).toBeUndefined();
    for (const key of ['w', 'x', 'y', 'z']) cache.set(key, []);
    expect(cache.size).toBe(3);
    expect(cache.get('w')).toBeUndefined();
  });

  it('weighs texts by their length', () => {
    const cache = new BoundedCache<string>(10);
    cache.set('a', 'abcd');
    cache.set('b', 'efgh');
    expect(cache.held).toBe(10);
    cache.set('c', 'ij'); // 13 > 10: a goes
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('efgh');
  });

  it('makes room for an eighth of its capacity at once, oldest first', () => {
    const cache = new BoundedCache<number[]>(80);
    for (const key of 'abcdefgh') cache.set(key, new Array(9).fill(0)); // 8 × 10 = 80
    cache.set('i', new Array(9).fill(0)); // 90 > 80: down to 70 or less, so a and b go
    expect([...'abcdefghi'].filter((key) => cache.get(key) !== undefined).join('')).toBe('cdefghi');
    expect(cache.held).toBe(70);
  });
});
