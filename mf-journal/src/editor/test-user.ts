import type { User } from '@lifeboard/shared/models/user';

/** Test-only: a signed-in user with every field the session keeps. */
export function testUser(id = 7): User {
  return {
    id,
    email: `${id}@example.com`,
    name: 'Ada',
    role: 'user',
    default_board_id: 1,
    boards: [{ id: 1, name: 'Home' }],
    completed_onboarding_at: '2026-01-01T00:00:00.000Z',
    phone_number: null,
    tagline: null,
    show_tagline: false,
    lat: null,
    lon: null,
    send_daily_emails: false,
    has_sms_enabled: false,
    using_as_user: true,
    timezone: 'UTC',
    ai_model: null,
  };
}
