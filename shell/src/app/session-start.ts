import { $session } from '@lifeboard/shared/stores/session';
import { PUSH_ENDPOINT_KEY } from '../pages/account/push-endpoint';

/**
 * Start-up of the session (spec §4) without putting the HTTP client on the landing page's critical path:
 * the auth actions (and axios) load only when a token exists, now or after a later sign-in. With a token,
 * `/api/user` decides whether the visitor is still signed in; the 401 handler is installed either way.
 */
let started = false;

async function start(): Promise<void> {
  if (started) return;
  started = true;
  try {
    const { startSession } = await import('../auth/session-actions');
    if (await startSession()) checkPushSubscription();
  } catch (error) {
    started = false;
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
  void import('../pages/account/push-browser')
    .then(({ renewPushIfChanged }) => renewPushIfChanged())
    .catch((error: unknown) => console.error('Could not check the push subscription', error));
}

export function startSessionWhenNeeded(): void {
  if ($session.get().token) {
    void start();
    return;
  }
  const stop = $session.listen((session) => {
    if (!session.token) return;
    stop();
    void import('../auth/session-actions').then(({ handleUnauthorized }) =>
      import('@lifeboard/shared/api/client').then(({ setUnauthorizedHandler }) =>
        setUnauthorizedHandler(handleUnauthorized),
      ),
    );
  });
}
