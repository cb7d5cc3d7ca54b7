import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuotaStorage } from '../lib/test-storage';
import { persistentAtom } from './persistent';

const isNumber = (value: unknown): value is number => typeof value === 'number';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
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
    const storage = new QuotaStorage();
    vi.stubGlobal('localStorage', storage);
    storage.full = true;
    const $n = persistentAtom('test:q', 0, isNumber);
    $n.set(5);
    expect($n.get()).toBe(5);
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe('size limits', () => {
  it('keeps a value longer than maxChars in memory only, removing an older stored copy', () => {
    const isText = (value: unknown): value is string => typeof value === 'string';
    const $text = persistentAtom('test:big', '', isText, { maxChars: 10 });
    $text.set('short');
    expect(localStorage.getItem('test:big')).toBe('"short"');
    $text.set('far too long for the limit');
    expect($text.get()).toBe('far too long for the limit');
    expect(localStorage.getItem('test:big')).toBeNull();
  });

  it('removes the stale copy when the quota refuses a write', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = new QuotaStorage();
    vi.stubGlobal('localStorage', storage);
    storage.setItem('test:q', '1');
    const $n = persistentAtom('test:q', 0, isNumber);
    expect($n.get()).toBe(1);
    storage.full = true;
    $n.set(2);
    expect(localStorage.getItem('test:q')).toBeNull();
  });
});
