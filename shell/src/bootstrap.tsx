import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { App } from './app/App';
import { startSessionWhenNeeded } from './app/session-start';
import { startVisitedArea } from './remotes/load-area';
import { startRemotes } from './remotes/register';
import { $isAdmin, $isSignedIn } from '@lifeboard/shared/stores/session';

// single-spa patches pushState/replaceState to fire popstate. Done before any router exists, so the shell's
// router and each mounted area's router all hear every navigation, whichever of them made it.
start({ urlRerouteOnly: true });
startSessionWhenNeeded();
// Read remotes.json early; nothing is fetched from any remote until one of its routes is visited.
startRemotes().catch((error: unknown) => console.error('LB-REMOTE-CONFIG: remotes.json could not be read', error));
// A page load straight into an area starts that area's code now, beside the shell's own first render.
startVisitedArea(window.location.pathname, { signedIn: $isSignedIn.get(), isAdmin: $isAdmin.get() });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
