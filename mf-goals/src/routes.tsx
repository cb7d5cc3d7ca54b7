import { Route, Routes } from 'react-router-dom';

/** The paths this area answers (architecture.md, *Which area owns which route*). */
const areaPaths = [
  '/my-goals', '/goal/:id', '/goals/ai', '/new-goal', '/setting-goals', '/habits', '/habits/:id', '/new-habit', '/how-habits-work', '/projects', '/project/:id', '/life-plans', '/life-plans/:id', '/mission', '/purpose', '/vision', '/values', '/beliefs', '/interests', '/ethos', '/resolutions', '/skills', '/managing-stress', '/planner', '/daily-activity-list', '/daily-activity-list/summary', '/daily-activity-list/:id', '/daily-activity-list/:id/settings', '/activities', '/activity/:id', '/plannedactivity/:id', '/calendar', '/events', '/reminders', '/routines', '/rituals', '/report/habit-summary', '/report/activity-summary', '/report/goal-timeline', '/report/timeline',
];

function AreaScreen({ path }: { path: string }) {
  return (
    <section data-area="mf_goals">
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
