import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { App } from './app/App';
import { afterPaintWhenIdle } from '@lifeboard/shared/lib/after-paint';
import { startVisitedPage } from './app/pages';
import { startSessionWhenNeeded } from './app/session-start';
import { startVisitedArea } from './remotes/load-area';
import { startRemotes } from './remotes/register';
import { $isAdmin, $isSignedIn } from '@lifeboard/shared/stores/session';

// single-spa patches pushState/replaceState to fire popstate. Done before any router exists, so the shell's
// router and each mounted area's router all hear every navigation, whichever of them made it.
start({ urlRerouteOnly: true });
// Read remotes.json early; nothing is fetched from any remote until one of its routes is visited.
startRemotes().catch((error: unknown) => console.error('LB-REMOTE-CONFIG: remotes.json could not be read', error));
// A page load straight into an area starts that area's code now, beside the shell's own first render.
const viewer = { signedIn: $isSignedIn.get(), isAdmin: $isAdmin.get() };
startVisitedArea(window.location, viewer);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A shell page's own code (/home, /boards…) was fetched beside this module's; the first render waits for it,
// so the page paints with the layout: rendered before it, it would wait behind a fallback, and React holds a
// revealed fallback for 300 ms (measured: /home's greeting 400 ms after the layout under a 4× CPU slowdown).
void startVisitedPage(window.location.pathname, viewer).then(() => {
  // As a transition, React renders the first page in slices that yield to the browser instead of one
  // long task (up to ~100 ms on a slow phone) that input would wait behind.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // Then the session check (/api/user, and the HTTP client with it): the page renders from the stored user,
  // and a 401 of a data load made before the check is handled once it has started (shared/api/client.ts).
  // It waits for an idle moment too: on a first load straight into an area, the area's code and data are still
  // coming after the shell's paint, and the check took ~25 ms of the journal's first open (bench, 16 runs each).
  afterPaintWhenIdle(startSessionWhenNeeded);
});
