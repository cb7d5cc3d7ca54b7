import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeUser as baseUser } from '@lifeboard/shared/models/test-user';
import type { User } from '@lifeboard/shared/models/user';

/**
 * Test-only helpers for the shell pages. A `.ts` file on purpose: the page finder bundles every `.tsx`
 * under `src/pages/` except tests, and this must not ship.
 */

/** The shared test user, onboarded, on board 11 and in London; `overrides` change any field. */
export function makeUser(overrides: Partial<User> = {}): User {
  return baseUser({
    default_board_id: 11,
    boards: [{ id: 11, name: 'Default Board' }],
    completed_onboarding_at: '2026-11-01T10:00:00.000Z',
    timezone: 'Europe/London',
    ...overrides,
  });
}

function WhereAmI() {
  return createElement('p', { 'data-testid': 'location' }, useLocation().pathname);
}

/** Renders `page` at `path` (a route pattern) entered as `url`; every other path shows only the probe. */
export function renderAt(page: ReactElement, path: string, url: string) {
  return render(
    createElement(
      MemoryRouter,
      { initialEntries: [url] },
      createElement(
        Routes,
        null,
        createElement(Route, { path, element: page }),
        createElement(Route, { path: '*', element: null }),
      ),
      createElement(WhereAmI),
    ),
  );
}

export { cleanup };
