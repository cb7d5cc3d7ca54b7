import { describe, expect, it } from 'vitest';
import { contrastRatio, luminanceOf, readableTextOn } from './contrast';

describe('text on a chosen colour', () => {
  it('picks the one of black and white that contrasts more', () => {
    expect(readableTextOn('#22aa66')).toBe('#000000');
    expect(readableTextOn('#3366ff')).toBe('#ffffff');
    expect(readableTextOn('#1b3a8a')).toBe('#ffffff');
    expect(readableTextOn('#aa3366')).toBe('#ffffff');
    expect(readableTextOn('#fff')).toBe('#000000');
    expect(readableTextOn('red')).toBeNull();
  });

  it('reaches 4.5:1 for every grey', () => {
    for (let v = 0; v <= 255; v += 5) {
      const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      const text = readableTextOn(hex) === '#ffffff' ? 1 : 0;
      expect(contrastRatio(luminanceOf(hex) ?? 0, text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
