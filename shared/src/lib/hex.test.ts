import { afterEach, describe, expect, it, vi } from 'vitest';
import { hexToBytes } from './hex';

afterEach(() => vi.restoreAllMocks());

describe('hexToBytes (spec §5)', () => {
  it('converts hex text to bytes, either case, without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(Array.from(hexToBytes('00ff10Ab'))).toEqual([0, 255, 16, 171]);
    expect(hexToBytes('')).toEqual(new Uint8Array());
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns on odd length and ignores the last digit', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(Array.from(hexToBytes('abc'))).toEqual([171]);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0][0]).toMatch(/odd length/);
  });

  it('warns on non-hex characters and reads such a pair as 0', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(Array.from(hexToBytes('zz01'))).toEqual([0, 1]);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0][0]).toMatch(/non-hex/);
  });
});
