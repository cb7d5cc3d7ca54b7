import { $session } from '@lifeboard/shared/stores/session';

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
    await startSession();
  } catch (error) {
    started = false;
    console.error('Could not start the session', error);
  }
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
      import('@lifeboard/shared/api/client').then(({ setUnauthorizedHandler }) => setUnauthorizedHandler(handleUnauthorized)),
    );
  });
}
