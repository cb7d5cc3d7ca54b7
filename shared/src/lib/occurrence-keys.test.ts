import { describe, expect, it } from 'vitest';
import { occurrenceKeys } from './occurrence-keys';

const byTitle = (task: { title: string }) => task.title;

describe('occurrenceKeys', () => {
  it('keys items by identity, numbering repeats in order', () => {
    expect(occurrenceKeys([{ title: 'Pack' }, { title: 'Clean' }, { title: 'Pack' }], byTitle)).toEqual([
      '1:Pack',
      '1:Clean',
      '2:Pack',
    ]);
  });

  it('gives an item the same key after a move, and the others theirs after a removal', () => {
    const before = [{ title: 'Pack books' }, { title: 'Book a van' }, { title: 'Clean' }];
    const keys = occurrenceKeys(before, byTitle);
    const moved = [before[1], before[0], before[2]];
    expect(occurrenceKeys(moved, byTitle)).toEqual([keys[1], keys[0], keys[2]]);
    expect(occurrenceKeys([before[0], before[2]], byTitle)).toEqual([keys[0], keys[2]]);
  });

  it('never gives two items one key, even where an identity looks like a key', () => {
    const keys = occurrenceKeys([{ title: 'A' }, { title: 'A' }, { title: '1:A' }, { title: '2:A' }], byTitle);
    expect(new Set(keys).size).toBe(4);
  });
});
