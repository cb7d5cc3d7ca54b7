import { Suspense, lazy } from 'react';
import { ModelScreen } from '@lifeboard/shared/ui/ModelScreen';
import { Spinner } from '@lifeboard/shared/ui/feedback';
import { Route, Routes } from 'react-router-dom';
import { MoodsScreen } from './moods/MoodsScreen';
import { PublicSharedPage } from './shared-pages/PublicSharedPage';
import { SharedPagesScreen } from './shared-pages/SharedPagesScreen';

// Journal and notes load their own code (and the editor's, later still) when opened.
const JournalScreen = lazy(() => import('./journal/JournalScreen').then((m) => ({ default: m.JournalScreen })));
const NotesScreen = lazy(() => import('./notes/NotesScreen').then((m) => ({ default: m.NotesScreen })));

/** The simple collections of this area: path → model, with what a page says about itself. */
const collectionRoutes: { path: string; model: string; description: string }[] = [
  { path: '/quotes', model: 'quote', description: 'Words worth keeping, with who said them and where.' },
  { path: '/questions', model: 'question', description: 'Questions you are living with, and the answers as they come.' },
  { path: '/books', model: 'book', description: 'What you want to read, are reading and have read.' },
  { path: '/movies', model: 'movie', description: 'Films to watch and films that stayed with you.' },
  { path: '/music', model: 'music', description: 'Albums, songs and artists you love.' },
  { path: '/websites', model: 'website', description: 'Sites and articles worth returning to.' },
  { path: '/business-ideas', model: 'business_idea', description: 'Problems you noticed and how you might solve them.' },
  { path: '/people', model: 'person', description: 'The people in your life: birthdays, how you know them, when you last talked.' },
  { path: '/places', model: 'place', description: 'Places you have been and places you want to go.' },
];

/** This area's routes (architecture.md): every path answers with a working screen. */
export function AreaRoutes() {
  return (
    <div data-area="mf_journal">
      <Routes>
        <Route path="/journal" element={<Suspense fallback={<Spinner label="Loading the journal…" />}><JournalScreen /></Suspense>} />
        <Route path="/notes" element={<Suspense fallback={<Spinner label="Loading notes…" />}><NotesScreen /></Suspense>} />
        <Route path="/moods" element={<MoodsScreen />} />
        {collectionRoutes.map(({ path, model, description }) => (
          <Route key={path} path={path} element={<ModelScreen model={model} description={description} />} />
        ))}
        <Route path="/shared-pages" element={<SharedPagesScreen />} />
        <Route path="/a/:id" element={<PublicSharedPage />} />
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}
