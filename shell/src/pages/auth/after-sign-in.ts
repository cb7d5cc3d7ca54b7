import { $onboarded } from '@lifeboard/shared/stores/board';

/** Pages a sign-in never goes back to: the sign-in and sign-up forms themselves, and the landing page. */
const notAsked = /^\/(login|sign-up|sign-up-creator|forgot-password|reset-password)(\/|$)|^\/?$/;

/**
 * The page a visitor asked for before the guard sent them to sign in (ShellView passes it as the navigation's
 * `state.from`): a path of this site only (never `//host` or a full address), never a sign-in form.
 */
export function askedPage(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  const path = from.split(/[?#]/)[0];
  return notAsked.test(path) ? null : from;
}

/**
 * Where a fresh sign-in goes: back to the page that was asked for; else onboarding for a new user, then the
 * program being bought, else home.
 */
export function pathAfterSignIn(programGuid: string | undefined, asked: string | null = null): string {
  if (asked) return asked;
  if (!$onboarded.get()) return '/onboarding';
  if (programGuid) return `/program-purchase/${encodeURIComponent(programGuid)}`;
  return '/home';
}
