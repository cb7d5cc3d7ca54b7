import { models } from '@lifeboard/shared/models';
import { describe, expect, it } from 'vitest';
import { presenterOf, type StoredRow } from './presenter';

const row = (fields: Partial<StoredRow>): StoredRow => ({
  id: 5,
  boardId: 9,
  createdAt: new Date(1500),
  updatedAt: new Date(2500),
  position: 0,
  sortAt: new Date(1500),
  data: {},
  ...fields,
});

describe('presenterOf', () => {
  it("sends the record's base fields and only the model's own fields", () => {
    const present = presenterOf(models.note);
    expect(present(row({ data: { title: 'Kept', user_id: 3, secret: 'x', pinned: false } }))).toEqual({
      id: 5,
      board_id: 9,
      created_at: '1970-01-01T00:00:01.500Z',
      updated_at: '1970-01-01T00:00:02.500Z',
      title: 'Kept',
      pinned: false,
    });
  });

  it('adds the position column for ordered models', () => {
    const ordered = Object.values(models).find((def) => 'position' in def.fields.shape);
    if (!ordered) throw new Error('the registry has no model with a position field');
    expect(presenterOf(ordered)(row({ position: 4 })).position).toBe(4);
  });
});
