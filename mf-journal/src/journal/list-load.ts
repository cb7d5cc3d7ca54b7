import type { ListParams, ModelRecord } from '@lifeboard/shared/api/resource';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { loadPageList } from '@lifeboard/shared/stores/page-lists';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import type { CollectionView } from '@lifeboard/shared/stores/use-collection';

type Entries = CollectionView<ModelRecord<'journal_entry'>>;

const loadEntries = (params: ListParams) => loadPageList(getCollection('journal_entry'), params);

/**
 * `useCollection('journal_entry', params)` for the journal page: the same view of the shared list, loaded
 * once per distinct `params`, but taking over the request made ahead of the page (stores/page-lists.ts): by
 * the shell as it started, or by this area as it mounted.
 */
export function useJournalEntries(params: ListParams): Entries {
  return useCollection('journal_entry', params, { load: loadEntries });
}
