import { describe, expect, it } from 'vitest';
import { findRoute, guard } from './guard';
import { routeTable } from './route-table';

const visitor = { signedIn: false, isAdmin: false };
const member = { signedIn: true, isAdmin: false };
const admin = { signedIn: true, isAdmin: true };

describe('guard (spec §2)', () => {
  it('sends a signed-out visitor of a sign-in route to /login', () => {
    for (const path of ['/home', '/journal', '/habits/3', '/onboarding', '/program-implement', '/admin/users']) {
      expect(guard(path, visitor), path).toEqual({ kind: 'redirect', to: '/login' });
    }
  });

  it('sends a signed-in user on /login or the empty path to /home', () => {
    expect(guard('/', member)).toEqual({ kind: 'redirect', to: '/home' });
    expect(guard('/login', member)).toEqual({ kind: 'redirect', to: '/home' });
    expect(guard('/login/some-program', admin)).toEqual({ kind: 'redirect', to: '/home' });
  });

  it('lets a signed-out visitor see the landing page and the public pages', () => {
    for (const path of ['/', '/login', '/sign-up/abc', '/terms', '/a/12', '/author/jane']) {
      expect(guard(path, visitor).kind, path).toBe('render');
    }
  });

  it('lets a signed-in user open public, user and public-auth routes', () => {
    for (const path of ['/terms', '/home', '/journal', '/onboarding', '/workouts/2/edit']) {
      expect(guard(path, member).kind, path).toBe('render');
    }
  });

  it('shows "not allowed" to a signed-in non-admin on /admin…, and lets an admin in', () => {
    expect(guard('/admin', member).kind).toBe('not-allowed');
    expect(guard('/admin/users/4', member).kind).toBe('not-allowed');
    expect(guard('/admin/users/4', admin).kind).toBe('render');
  });

  it('reports unknown paths as not found', () => {
    expect(guard('/nope', member)).toEqual({ kind: 'not-found' });
    expect(guard('/nope', visitor)).toEqual({ kind: 'not-found' });
  });
});

describe('findRoute', () => {
  it('answers a path asked again, and a path seen long ago, as the first time', () => {
    const journal = findRoute('/journal');
    expect(journal?.path).toBe('/journal');
    expect(findRoute('/journal')).toBe(journal);
    expect(findRoute('/nope')).toBeNull();
    expect(findRoute('/nope')).toBeNull();
    // More paths than are remembered: the first ones are matched afresh, with the same answers.
    for (let id = 0; id < 250; id += 1) expect(findRoute(`/habits/${id}`)?.path).toBe('/habits/:id');
    expect(findRoute('/journal')).toBe(journal);
    expect(findRoute('/a/xyz')).toBe(routeTable.find((entry) => entry.path === '/a/:id'));
  });
});
