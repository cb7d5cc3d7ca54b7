import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportUnauthorized, setUnauthorizedHandler } from './client';
import { clearSession, setSession } from '../stores/session';
import type { User } from '../models/user';

const user: User = {
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
};

afterEach(() => {
  setUnauthorizedHandler(null);
  clearSession();
});

describe('the 401 handler', () => {
  it('handles a signed-in 401 that came before the handler, once the handler is registered', async () => {
    setSession('expired-token', user);
    await reportUnauthorized(); // a widget's data load, before the shell registered its handler
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await vi.waitFor(() => expect(handler).toHaveBeenCalledOnce());
    setUnauthorizedHandler(handler); // registered again: the missed 401 was handled already
    expect(handler).toHaveBeenCalledOnce();
  });

  it('keeps nothing for later while signed out (a later sign-in must not be ended by it)', async () => {
    await reportUnauthorized();
    setSession('new-token', user);
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(handler).not.toHaveBeenCalled();
  });
});
