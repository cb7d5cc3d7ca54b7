import type { AnyModelDefinition } from '@lifeboard/shared/models';
import type { RecordData, WireRecord } from './model-hooks';

/** A record as the engine reads it from its model table. */
export interface StoredRow {
  id: number;
  boardId: number;
  createdAt: Date;
  updatedAt: Date;
  position: number;
  sortAt: Date;
  data: RecordData;
}

/**
 * The wire shape of a stored record (`recordSchema`): id, board and timestamps, then only the model's own
 * fields (an allow-list: anything else in `data` stays on the server; `user_id` never leaves it). Stored
 * data was validated on the way in, so a field-by-field copy replaces a zod parse per record.
 */
export function presenterOf(def: AnyModelDefinition): (row: StoredRow) => WireRecord {
  const hasPosition = 'position' in def.fields.shape;
  const fields = Object.keys(def.fields.shape).filter((key) => key !== 'position');
  return (row) => {
    const record: WireRecord = {
      id: row.id,
      board_id: row.boardId,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
    for (const field of fields) if (Object.hasOwn(row.data, field)) record[field] = row.data[field];
    if (hasPosition) record.position = row.position;
    return record;
  };
}
