import type * as userModels from '@lifeboard/shared/models/user';
import type * as accountApi from '@lifeboard/shared/api/account';
import type * as sessionActions from '../../auth/session-actions';

/**
 * What a sign-in form needs only once the visitor acts on it: the schemas of its fields (zod, ≈ 26 kB gzip) and
 * the auth actions with the HTTP client (axios, ≈ 21 kB). Kept off the page's first load, so the app's own first
 * load stays within the landing page's budget: a form starts them on its first focus and awaits them on submit.
 * A failed load is forgotten, so the next attempt asks again.
 */
type UserSchemas = typeof userModels;
type SessionActions = typeof sessionActions;
type AccountApi = typeof accountApi;

let schemas: Promise<UserSchemas> | null = null;
let actions: Promise<SessionActions> | null = null;
let account: Promise<AccountApi> | null = null;

function retryable<T>(load: () => Promise<T>, forget: () => void): Promise<T> {
  return load().catch((error: unknown) => {
    forget();
    throw error;
  });
}

export function loadUserSchemas(): Promise<UserSchemas> {
  schemas ??= retryable(() => import('@lifeboard/shared/models/user'), () => { schemas = null; });
  return schemas;
}

export function loadSessionActions(): Promise<SessionActions> {
  actions ??= retryable(() => import('../../auth/session-actions'), () => { actions = null; });
  return actions;
}

/** The account calls alone (the password e-mail), for a form that signs nobody in. */
export function loadAccountApi(): Promise<AccountApi> {
  account ??= retryable(() => import('@lifeboard/shared/api/account'), () => { account = null; });
  return account;
}

/** Both, for a form's submit. */
export function loadSignInCode(): Promise<[UserSchemas, SessionActions]> {
  return Promise.all([loadUserSchemas(), loadSessionActions()]);
}

/** The schemas and the account calls, for the password e-mail form. */
export function loadPasswordEmailCode(): Promise<[UserSchemas, AccountApi]> {
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
