/**
 * The shell's start-up, in order. Before it: index.html preloads this module's chunks (build/preload-start-plugin.ts)
 * and index.ts has asked for remotes.json and settings.json. After it, no area is fetched until a person shows
 * the intent to open it (a pointer on or focus in its link, remotes/load-area.ts) or opens it.
 * What each step was measured to gain is in bench/README.md's history (`git log -p bench/README.md`, "Start-up").
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { afterPaintWhenIdle } from '@lifeboard/shared/lib/after-paint';
import { loadRuntimeSettings } from '@lifeboard/shared/stores/config';
import { notify } from '@lifeboard/shared/stores/notifications';
import { $isAdmin, $isSignedIn, $session } from '@lifeboard/shared/stores/session';
import { App } from './app/App';
import { pageComponent } from './app/pages';
import { signedInLayouts } from './app/ShellView';
import { markFirstScreenIn } from './app/first-screen';
import { startServiceWorker, watchOffline } from './app/offline-start';
import { PUSH_ENDPOINT_KEY } from './pages/account/push-endpoint';
import { settingsUrl, takeEarly } from './remotes/early-config';
import { firstAreaMount, startAreaEarly, startRemotes } from './remotes/load-area';
import { guard } from './routes/guard';

// 1. single-spa patches pushState/replaceState to fire popstate. Done before any router exists, so the shell's
//    router and each mounted area's router all hear every navigation, whichever of them made it.
start({ urlRerouteOnly: true });

// 1b. Offline use: the banner hears the network's state at once.
watchOffline();

// 2. The runtime settings (the API's address): every API call waits for them (shared/api/client.ts).
loadRuntimeSettings(takeEarly(settingsUrl)).catch((error: unknown) => {
  console.error('LB-SETTINGS: /settings.json could not be read', error);
  notify({
    kind: 'error',
    message: 'Lifeboard could not load its settings, so it cannot reach your data. Please reload the page.',
  });
});

// 3. The remotes of remotes.json are registered; nothing is fetched from a remote until one of its routes is shown.
startRemotes().catch((error: unknown) => console.error('LB-REMOTE-CONFIG: remotes.json could not be read', error));

// 4. What this address shows, as the guard will decide with the stored session. An area starts its code now,
//    beside the shell's own first render instead of after it; never the admin area for a non-admin, nothing
//    for a signed-out visitor of a signed-in route.
const visited = guard(window.location.pathname, { signedIn: $isSignedIn.get(), isAdmin: $isAdmin.get() });
const entry = visited.kind === 'render' ? visited.entry : null;
if (entry && entry.area !== 'shell') startAreaEarly(entry.area);
// The list such a screen opens with, too: asked for now, it is in by the time the screen renders (the area's own
// request goes out only once its code has run). The screen takes it over; one that fails is asked for again.
const openingList = entry?.list && !window.location.search ? entry.list : null;
if (openingList)
  import('@lifeboard/shared/stores/collection')
    .then(({ getCollection }) => getCollection(openingList).preload({}))
    .catch((error: unknown) => console.info('The page’s list could not be asked for ahead; it will ask itself', error));
// The first render waits for the code of the page's signed-in layout and of a shell page (/home, /boards…), fetched
// beside this module's, so the page paints whole. Rendered before it, it would wait behind a fallback that React
// holds for 300 ms.
const layout = entry?.layout === 'user' || entry?.layout === 'admin' ? signedInLayouts[entry.layout] : null;
const shellPage = entry?.area === 'shell' && entry.page ? pageComponent(entry.page) : null;
const pageCode = Promise.all([layout?.preload(), shellPage?.preload()]).catch(() => undefined);

// 5. The first render, as a transition: React renders it in slices that yield to the browser instead of one long
//    task (up to ~100 ms on a slow phone) that input would wait behind.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void pageCode.then(() => {
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // 6. The session check (/api/user, and the HTTP client with it) once the area's first screen is on screen (at
  //    most 3 s: never for a hung remote), after a paint, in an idle moment, so it does not take main-thread time
  //    from that screen. Until then the page renders from the stored user; a 401 of an earlier data load is
  //    handled once it has started.
  const capped = new Promise((resolve) => setTimeout(resolve, 3000));
  const shown = entry && entry.area !== 'shell' ? firstAreaMount : Promise.resolve();
  void Promise.race([shown, capped]).then(() =>
    afterPaintWhenIdle(() => {
      markFirstScreenIn();
      startSessionWhenNeeded();
      // The service worker (push, offline use) once the first screen is in: it never competes with it.
      startServiceWorker();
    }),
  );
});

/**
 * The session (spec §4), without putting the HTTP client on the landing page's critical path: the auth actions
 * (and axios) load only when a token exists, now or after a later sign-in. With a token, `/api/user` decides
 * whether the visitor is still signed in; the 401 handler is installed either way.
 */
function startSessionWhenNeeded(): void {
  if ($session.get().token) {
    void startSession();
    return;
  }
  const stop = $session.listen((session) => {
    if (!session.token) return;
    stop();
    void import('./auth/session-actions').then(({ handleUnauthorized }) =>
      import('@lifeboard/shared/api/client').then(({ setUnauthorizedHandler }) =>
        setUnauthorizedHandler(handleUnauthorized),
      ),
    );
  });
}

async function startSession(): Promise<void> {
  try {
    const { startSession: checkSession } = await import('./auth/session-actions');
    if (await checkSession()) checkPushSubscription();
  } catch (error) {
    console.error('Could not start the session', error);
  }
}

/** Only a browser that turned push on loads the check (push-browser.ts), after the session is confirmed. */
function checkPushSubscription(): void {
  let stored: string | null;
  try {
    stored = localStorage.getItem(PUSH_ENDPOINT_KEY);
  } catch {
    return;
  }
  if (!stored || !$session.get().token) return;
  void import('./pages/account/push-browser')
    .then(({ renewPushIfChanged }) => renewPushIfChanged())
    .catch((error: unknown) => console.error('Could not check the push subscription', error));
}
