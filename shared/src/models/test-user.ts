import type { User } from './user';

/** A signed-in user as the API answers it, for tests; `overrides` change any field. Never shipped. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'ada@example.com',
    name: 'Ada',
    role: 'user',
    default_board_id: 1,
    boards: [{ id: 1, name: 'Default Board' }],
    completed_onboarding_at: null,
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
    ...overrides,
  };
}
