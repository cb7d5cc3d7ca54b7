import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistentAtom } from './persistent';

const isNumber = (value: unknown): value is number => typeof value === 'number';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('persistentAtom', () => {
  it('reads back what was stored and writes every set', () => {
    localStorage.setItem('test:n', '41');
    const $n = persistentAtom('test:n', 0, isNumber);
    expect($n.get()).toBe(41);
    $n.set(42);
    expect(localStorage.getItem('test:n')).toBe('42');
  });

  it('falls back to the initial value when the stored one is invalid', () => {
    localStorage.setItem('test:n', '"text"');
    expect(persistentAtom('test:n', 7, isNumber).get()).toBe(7);
  });

  it('keeps the value in memory and logs when storage refuses (quota)', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const $n = persistentAtom('test:q', 0, isNumber);
    $n.set(5);
    expect($n.get()).toBe(5);
    expect(logged).toHaveBeenCalledOnce();
  });
});
