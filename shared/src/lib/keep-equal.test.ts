import { describe, expect, it } from 'vitest';
import { keepEqual } from './keep-equal';

describe('keepEqual', () => {
  it('keeps the previous object when the next one is equal all through', () => {
    const previous = { id: 1, sets: [{ reps: 8, weight: 62.5 }], tags: ['a'] };
    const next = { id: 1, sets: [{ reps: 8, weight: 62.5 }], tags: ['a'] };
    expect(keepEqual(previous, next)).toBe(previous);
  });

  it('takes the changed parts from next and keeps the equal ones', () => {
    const first = { reps: 8, weight: 60 };
    const second = { reps: 8, weight: 62.5 };
    const previous = { id: 1, updated_at: 'a', sets: [first, second] };
    const next = {
      id: 1,
      updated_at: 'b',
      sets: [
        { reps: 8, weight: 60 },
        { reps: 8, weight: 62.5, done: true },
      ],
    };
    const merged = keepEqual(previous, next);
    expect(merged).toEqual(next);
    expect(merged).not.toBe(previous);
    expect(merged.sets[0]).toBe(first);
    expect(merged.sets[1]).not.toBe(second);
    expect(merged.sets[1]).toEqual({ reps: 8, weight: 62.5, done: true });
  });

  it('sees added, removed and renamed keys and longer or shorter arrays', () => {
    expect(keepEqual({ a: 1 }, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(keepEqual({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 });
    expect(keepEqual({ a: undefined }, { b: undefined })).toEqual({ b: undefined });
    expect(keepEqual([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(keepEqual([1, 2, 3], [1, 2])).toEqual([1, 2]);
  });

  it('answers next when the kinds differ, and compares dates by identity only', () => {
    expect(keepEqual([1], { 0: 1 })).toEqual({ 0: 1 });
    expect(keepEqual(null, { a: 1 })).toEqual({ a: 1 });
    const date = new Date(0);
    expect(keepEqual(new Date(0), date)).toBe(date);
    expect(keepEqual(Number.NaN, Number.NaN)).toBeNaN();
  });
});
