import { matchRoutes } from '@lifeboard/shared/lib/router';
import type { RouteEntry } from './route-table';
import { routeTable } from './route-table';

/** Routes indexed once for matching; React Router ranks them (static segments beat `:id`). */
const matchable = routeTable.map((entry, index) => ({ path: entry.path, id: String(index) }));

export function findRoute(pathname: string): RouteEntry | null {
  const matches = matchRoutes(matchable, pathname);
  const id = matches?.[matches.length - 1]?.route.id;
  return id === undefined ? null : routeTable[Number(id)] ?? null;
}

export interface Viewer {
  signedIn: boolean;
  isAdmin: boolean;
}

export type GuardDecision =
  | { kind: 'render'; entry: RouteEntry }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-allowed'; entry: RouteEntry }
  | { kind: 'not-found' };

function isLoginPath(entry: RouteEntry): boolean {
  return entry.path.startsWith('/login');
}

/**
 * The guard of spec §2 and architecture.md: signed-out visitors of sign-in routes go to /login; signed-in
 * users on /login or the empty path go to /home; a signed-out visitor on the empty path proceeds; a signed-in
 * non-admin on /admin… is "not allowed" (and the admin area is never loaded for them).
 */
export function guard(pathname: string, viewer: Viewer): GuardDecision {
  const entry = findRoute(pathname);
  if (!entry) return { kind: 'not-found' };
  if (viewer.signedIn && (entry.path === '/' || isLoginPath(entry))) return { kind: 'redirect', to: '/home' };
  if (!viewer.signedIn && entry.auth) return { kind: 'redirect', to: '/login' };
  if (entry.layout === 'admin' && !viewer.isAdmin) return { kind: 'not-allowed', entry };
  return { kind: 'render', entry };
}
