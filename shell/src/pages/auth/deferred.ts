import { loadOnce } from '@lifeboard/shared/lib/load-once';

/**
 * What a sign-in form needs only once the visitor acts on it: the schemas of its fields (zod, ≈ 26 kB gzip) and
 * the auth actions with the HTTP client (axios, ≈ 21 kB). Kept off the page's first load, so the app's own first
 * load stays within the landing page's budget: a form starts them on its first focus and awaits them on submit.
 * A failed load is forgotten, so the next attempt asks again (`loadOnce`).
 */
export const loadUserSchemas = loadOnce(() => import('@lifeboard/shared/models/user'));

export const loadSessionActions = loadOnce(() => import('../../auth/session-actions'));

/** The account calls alone (the password e-mail), for a form that signs nobody in. */
export const loadAccountApi = loadOnce(() => import('@lifeboard/shared/api/account'));

/** Both, for a form's submit. */
export function loadSignInCode() {
  return Promise.all([loadUserSchemas(), loadSessionActions()]);
}

/** The schemas and the account calls, for the password e-mail form. */
export function loadPasswordEmailCode() {
  return Promise.all([loadUserSchemas(), loadAccountApi()]);
}

/** For a form's first focus: starts the loads; a failure shows on submit. */
export function warmUpSignInCode(): void {
  loadSignInCode().catch(() => undefined);
}

export function warmUpPasswordEmailCode(): void {
  loadPasswordEmailCode().catch(() => undefined);
}

/** Shown when the form's code cannot be fetched (offline): what was typed stays in the form. */
export const codeUnavailableMessage = 'Lifeboard could not be reached. Check your connection and try again.';
