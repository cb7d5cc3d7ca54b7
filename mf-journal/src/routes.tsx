import { Suspense, lazy } from 'react';
import { Spinner } from '@lifeboard/shared/ui/feedback';
import { Route, Routes } from '@lifeboard/shared/lib/router';
import { CollectionScreen } from './collections/CollectionScreen';
import { collectionRoutes } from './collections/collection-routes';
import { MoodsScreen } from './moods/MoodsScreen';
import { PublicSharedPage } from './shared-pages/PublicSharedPage';
import { SharedPagesScreen } from './shared-pages/SharedPagesScreen';

// Journal and notes load their own code (and the editor's, later still) when opened.
const JournalScreen = lazy(() => import('./journal/JournalScreen').then((m) => ({ default: m.JournalScreen })));
const NotesScreen = lazy(() => import('./notes/NotesScreen').then((m) => ({ default: m.NotesScreen })));

/** This area's routes (architecture.md): every path answers with a working screen. */
export function AreaRoutes() {
  return (
    <div data-area="mf_journal">
      <Routes>
        <Route path="/journal" element={<Suspense fallback={<Spinner label="Loading the journal…" />}><JournalScreen /></Suspense>} />
        <Route path="/notes" element={<Suspense fallback={<Spinner label="Loading notes…" />}><NotesScreen /></Suspense>} />
        <Route path="/moods" element={<MoodsScreen />} />
        {collectionRoutes.map((route) => <Route key={route.path} path={route.path} element={<CollectionScreen route={route} />} />)}
        <Route path="/shared-pages" element={<SharedPagesScreen />} />
        <Route path="/a/:id" element={<PublicSharedPage />} />
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}
