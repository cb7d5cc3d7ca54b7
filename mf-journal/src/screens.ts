import { collectionRoutes } from './collections/collection-routes';
import { lazyScreen } from '@lifeboard/shared/lib/lazy-screen';
import { journalDay, journalListParams } from './journal/list-params';

/**
 * The area's screens, each in its own chunk. The loaders live here, in the lifecycles' chunk, so that
 * mounting the area can start the visited screen's code together with the root's (see `preloadFor`)
 * instead of after it.
 */
export const JournalScreen = lazyScreen(() => import('./journal/JournalScreen').then((m) => m.JournalScreen));
export const JournalEntryPage = lazyScreen(() => import('./journal/JournalEntryPage').then((m) => m.JournalEntryPage));
export const NotesScreen = lazyScreen(() => import('./notes/NotesScreen').then((m) => m.NotesScreen));
export const NoteEditorPage = lazyScreen(() => import('./notes/NoteEditorPage').then((m) => m.NoteEditorPage));
export const MoodsScreen = lazyScreen(() => import('./moods/MoodsScreen').then((m) => m.MoodsScreen));
export const CollectionScreen = lazyScreen(() =>
  import('./collections/CollectionScreen').then((m) => m.CollectionScreen),
);
export const SharedPagesScreen = lazyScreen(() =>
  import('./shared-pages/SharedPagesScreen').then((m) => m.SharedPagesScreen),
);
export const ReflectionScreen = lazyScreen(() =>
  import('./reflection/ReflectionScreen').then((m) => m.ReflectionScreen),
);
export const PublicSharedPage = lazyScreen(() =>
  import('./shared-pages/PublicSharedPage').then((m) => m.PublicSharedPage),
);

/**
 * What the page at `location` needs before its first render: its screen's code and, for the journal's list,
 * the list itself (asked for now, beside the code, and taken over by the screen: `Collection.preload`). Never
 * rejects: a failed load is retried when the screen renders, and shown there.
 */
export function preloadFor(location: { pathname: string; search: string }): Promise<unknown> {
  const { pathname, search } = location;
  const quietly = (started: Promise<unknown>) => started.catch(() => undefined);
  if (pathname === '/journal') {
    const query = new URLSearchParams(search);
    if (query.get('entry')) return Promise.all([quietly(JournalScreen.preload()), quietly(JournalEntryPage.preload())]);
    const list = import('@lifeboard/shared/stores/collection').then(({ getCollection }) =>
      getCollection('journal_entry').preload(journalListParams('', journalDay(query))),
    );
    return Promise.all([quietly(JournalScreen.preload()), quietly(list)]);
  }
  if (pathname === '/notes') {
    const wanted = [quietly(NotesScreen.preload())];
    if (new URLSearchParams(search).get('note')) wanted.push(quietly(NoteEditorPage.preload()));
    return Promise.all(wanted);
  }
  if (pathname === '/moods') return quietly(MoodsScreen.preload());
  if (pathname === '/journal/reflection') return quietly(ReflectionScreen.preload());
  if (pathname === '/shared-pages') return quietly(SharedPagesScreen.preload());
  if (pathname.startsWith('/a/')) return quietly(PublicSharedPage.preload());
  if (collectionRoutes.some((route) => route.path === pathname)) return quietly(CollectionScreen.preload());
  return Promise.resolve();
}
