import type { AnyRecord } from '../api/resource';
import { traitsOf } from '../models/traits';
import { getCollection } from '../stores/collection';
import { notify } from '../stores/notifications';
import { recordTitle } from './model/record-title';

/**
 * Deletes at once, then offers Undo (re-creates the record) in a notification. Apart from the schema-driven
 * screens (ModelList re-exports it): a bespoke list such as the journal's deletes without loading every schema.
 */
export async function deleteWithUndo(model: string, record: AnyRecord): Promise<boolean> {
  const label = traitsOf(model)?.label ?? 'Item';
  const undo = await getCollection(model).remove(record.id);
  if (!undo.ok) {
    notify({ kind: 'error', message: `${label} was not deleted: ${undo.error?.message ?? 'unknown error'}` });
    return false;
  }
  notify({
    kind: 'info',
    message: `${label} “${recordTitle(model, record)}” deleted.`,
    action: {
      label: 'Undo',
      run: async () => {
        if (!(await undo())) notify({ kind: 'error', message: `${label} could not be restored.` });
      },
    },
  });
  return true;
}
