import { makeUser } from '@lifeboard/shared/models/test-user';
import type { User } from '@lifeboard/shared/models/user';

/** Test-only: a signed-in, onboarded user whose e-mail follows its id, on one board "Home". */
export function testUser(id = 7): User {
  return makeUser({
    id,
    email: `${id}@example.com`,
    boards: [{ id: 1, name: 'Home' }],
    completed_onboarding_at: '2026-01-01T00:00:00.000Z',
  });
}
