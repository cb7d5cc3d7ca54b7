import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { login } from '../api/account';
import { defaultBoardOf, setBoard } from '../stores/board';
import { $config, loadRuntimeSettings } from '../stores/config';
import { $session, clearSession, setSession } from '../stores/session';

/** Signs in against the local API and selects the user's default board, as the shell would. */
async function signIn(email: string, password: string): Promise<string | null> {
  const result = await login({ email, password });
  if (!result.ok) return result.error.message || 'Sign-in failed';
  setSession(result.data.token, result.data.user);
  const { id, name } = defaultBoardOf(result.data.user);
  setBoard(id, name);
  return null;
}

function SignInForm() {
  const [error, setError] = useState<string | null>(null);
  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(await signIn(String(form.get('email')), String(form.get('password'))));
  }
  return (
    <form onSubmit={(event) => void handleSubmit(event)} aria-label="Sign in">
      <label>
        Email <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Password <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit">Sign in</button>
      {error ? <p role="alert">{error}</p> : null}
    </form>
  );
}

/**
 * The page's runtime settings (`/settings.json` beside it, as the shell reads its own): the API's address is
 * never compiled into the bundle, so the same build of a remote runs against any API. Calls wait for them.
 */
function useRuntimeSettings(): string | null {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if ($config.get().apiUrl) return;
    loadRuntimeSettings().catch((failure: unknown) => {
      setError(
        `This page could not read its settings (/settings.json): ${failure instanceof Error ? failure.message : String(failure)}.`,
      );
    });
  }, []);
  return error;
}

export interface StandaloneProps {
  /** The area's name, in the page's heading. */
  areaName: string;
  /** Where a signed-in visit to `/` goes: the area's first page. */
  startPath: string;
  /** The area's root. */
  children: ReactNode;
}

/**
 * A team's own dev page: its area without the shell, signed in against the API its `/settings.json` names. Each
 * remote's `bootstrap.tsx` renders it around the area's root (`pnpm dev` in the remote's folder).
 */
export function StandalonePage({ areaName, startPath, children }: StandaloneProps) {
  const session = useStore($session);
  const settingsError = useRuntimeSettings();
  const settingsAlert = settingsError ? <p role="alert">{settingsError}</p> : null;
  if (!session.user) {
    return (
      <main>
        <h1>{areaName} (standalone)</h1>
        {settingsAlert}
        <SignInForm />
      </main>
    );
  }
  if (window.location.pathname === '/') window.history.replaceState(null, '', startPath);
  return (
    <>
      <header>
        {areaName} (standalone) · {session.user.email}{' '}
        <button type="button" onClick={clearSession}>
          Sign out
        </button>
      </header>
      {settingsAlert}
      {children}
    </>
  );
}
