import { describe, expect, it } from 'vitest';
import { mergeHistory } from './mood-history';
import type { Mood } from './mood-history';

const mood = (id: number, at: string, score = 3): Mood => ({
  id,
  board_id: 1,
  created_at: at,
  updated_at: at,
  at,
  score,
});

describe('mergeHistory', () => {
  const history = [
    mood(5, '2026-11-20T10:00:00.000Z'),
    mood(4, '2026-11-10T10:00:00.000Z'),
    mood(3, '2026-10-01T10:00:00.000Z'),
    mood(2, '2026-09-01T10:00:00.000Z'),
  ];

  it('takes the shared list as the truth for the time it covers, and older history for the rest', () => {
    // The list holds 6 (just logged) and 4; 5 is missing from it, so it was deleted.
    const list = [mood(6, '2026-11-22T10:00:00.000Z', 5), mood(4, '2026-11-10T10:00:00.000Z', 1)];
    expect(mergeHistory(history, list).map((m) => [m.id, m.score])).toEqual([
      [6, 5],
      [4, 1],
      [3, 3],
      [2, 3],
    ]);
  });

  it('uses the whole history while the list is not loaded, and keeps a mood still being saved', () => {
    expect(mergeHistory(history, []).map((m) => m.id)).toEqual([5, 4, 3, 2]);
    const pending = { ...mood(-1, '2026-11-22T11:00:00.000Z'), id: -1 };
    expect(mergeHistory(history, [pending]).map((m) => m.id)).toEqual([-1, 5, 4, 3, 2]);
  });

  it('compares instants, not their text (offsets differ)', () => {
    const list = [mood(9, '2026-11-10T12:00:00.000+02:00')]; // 10:00Z
    expect(
      mergeHistory([mood(8, '2026-11-10T10:30:00.000Z'), mood(7, '2026-11-10T09:30:00.000Z')], list).map((m) => m.id),
    ).toEqual([9, 7]);
  });
});
