import { Route, Routes } from 'react-router-dom';

/** The paths this area answers (architecture.md, *Which area owns which route*). */
const areaPaths = [
  '/journal', '/notes', '/moods', '/shared-pages', '/quotes', '/questions', '/books', '/movies', '/music',
  '/websites', '/business-ideas', '/people', '/places', '/a/:id',
];

function AreaScreen({ path }: { path: string }) {
  return (
    <section data-area="mf_journal">
      <h1>{path}</h1>
    </section>
  );
}

/** This area's routes; paths outside it render nothing (the shell is about to unmount the area). */
export function AreaRoutes() {
  return (
    <Routes>
      {areaPaths.map((path) => <Route key={path} path={path} element={<AreaScreen path={path} />} />)}
      <Route path="*" element={null} />
    </Routes>
  );
}
