import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Spinner } from '@lifeboard/shared/ui/feedback';
import { Route, Routes } from '@lifeboard/shared/lib/router';
import { collectionRoutes } from './collections/collection-routes';
import {
  CollectionScreen,
  JournalScreen,
  MoodsScreen,
  NotesScreen,
  PublicSharedPage,
  ReflectionScreen,
  SharedPagesScreen,
} from './screens';

// Every screen loads its own code when opened (the editor's, later still); mounting the area starts the
// visited one's together with the root's (lifecycles.tsx), so it usually renders without a fallback.
const loading = (label: string, screen: ReactNode) => (
  <Suspense fallback={<Spinner label={label} />}>{screen}</Suspense>
);

/** This area's routes (architecture.md): every path answers with a working screen. */
export function AreaRoutes() {
  return (
    <div data-area="mf_journal">
      <Routes>
        <Route path="/journal" element={loading('Loading the journal…', <JournalScreen />)} />
        <Route path="/journal/reflection" element={loading('Loading your reflection…', <ReflectionScreen />)} />
        <Route path="/notes" element={loading('Loading notes…', <NotesScreen />)} />
        <Route path="/moods" element={loading('Loading moods…', <MoodsScreen />)} />
        {collectionRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={loading('Loading…', <CollectionScreen route={route} />)} />
        ))}
        <Route path="/shared-pages" element={loading('Loading shared pages…', <SharedPagesScreen />)} />
        <Route path="/a/:id" element={loading('Loading the page…', <PublicSharedPage />)} />
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}
