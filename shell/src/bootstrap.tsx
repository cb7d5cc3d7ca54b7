import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { App } from './app/App';
import { afterPaintWhenIdle } from '@lifeboard/shared/lib/after-paint';
import { startVisitedPage } from './app/pages';
import { startSessionWhenNeeded } from './app/session-start';
import { areaLoadsSettledOrAfter, startVisitedArea } from './remotes/load-area';
import { startRemotes } from './remotes/register';
import { takeEarlySettings } from './remotes/early-config';
import { loadRuntimeSettings } from '@lifeboard/shared/stores/config';
import { notify } from '@lifeboard/shared/stores/notifications';
import { $isAdmin, $isSignedIn } from '@lifeboard/shared/stores/session';

// single-spa patches pushState/replaceState to fire popstate. Done before any router exists, so the shell's
// router and each mounted area's router all hear every navigation, whichever of them made it.
start({ urlRerouteOnly: true });
// The runtime settings (/settings.json, asked for by index.ts): every API call waits for them (shared/api/client.ts).
loadRuntimeSettings(takeEarlySettings()).catch((error: unknown) => {
  console.error('LB-SETTINGS: /settings.json could not be read', error);
  notify({
    kind: 'error',
    message: 'Lifeboard could not load its settings, so it cannot reach your data. Please reload the page.',
  });
});
// Read remotes.json early; nothing is fetched from any remote until one of its routes is visited.
startRemotes().catch((error: unknown) => console.error('LB-REMOTE-CONFIG: remotes.json could not be read', error));
// A page load straight into an area starts that area's code now, beside the shell's own first render.
const viewer = { signedIn: $isSignedIn.get(), isAdmin: $isAdmin.get() };
startVisitedArea(window.location, viewer);

/** The longest the session check waits for an area's first screen (see below): never for a hung remote. */
const sessionCheckWaitsForAreaMs = 3000;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A shell page's own code (/home, /boards…) was fetched beside this module's; the first render waits for it,
// so the page paints with the layout: rendered before it, it would wait behind a fallback, and React holds a
// revealed fallback for 300 ms.
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
  // On a page load straight into an area it also waits for the area's code and first screen (its mount), then
  // for a paint and an idle moment.
  // While an area's files come, the browser is idle in short gaps; the check used to start in one of them and
  // take main-thread time from the area's first screen.
  void areaLoadsSettledOrAfter(sessionCheckWaitsForAreaMs).then(() => afterPaintWhenIdle(startSessionWhenNeeded));
});
