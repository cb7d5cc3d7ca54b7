import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { $board } from '@lifeboard/shared/stores/board';
import { $notifications, dismissAll } from '@lifeboard/shared/stores/notifications';
import { signOutLocally } from '../../auth/session-actions';
import SignUp from './SignUp';
import { cleanup, makeUser, renderAt } from './test-helpers';

const api = withFakeApi();
beforeEach(() => {
  signOutLocally();
  localStorage.clear();
  dismissAll();
  api.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const TOKEN = 'Abc_def-123456789012345678901234567890abcde';

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText(/^name/i), { target: { value: 'Bo' } });
  fireEvent.change(screen.getByLabelText(/e-mail/i), { target: { value: 'bo@example.com' } });
  fireEvent.change(screen.getByLabelText(/password/i), { target: { value: 'long-enough-pass' } });
  fireEvent.click(screen.getByRole('button', { name: /create account/i }));
}

const newUser = makeUser({
  email: 'bo@example.com',
  name: 'Bo',
  completed_onboarding_at: null,
  default_board_id: 12,
  boards: [
    { id: 11, name: 'Default Board' },
    { id: 12, name: 'Couch to 5k' },
  ],
});

describe('sign-up from an invitation or a program link', () => {
  it('sends the invitation token and the program; the new account lands on the program’s board', async () => {
    api.on('POST /api/register', {
      status: 201,
      body: {
        success: true,
        token: 't',
        user: newUser,
        subscription: { program_id: 5, board: { id: 12, name: 'Couch to 5k' } },
      },
    });
    renderAt(<SignUp />, '/sign-up/:programGuid?', `/sign-up/couch-to-5k-01?invitation=${TOKEN}`);
    expect(screen.getByText(/you were invited/i)).toBeTruthy();
    fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/onboarding'));
    expect(api.requests[0]?.body).toEqual({
      name: 'Bo',
      email: 'bo@example.com',
      password: 'long-enough-pass',
      program_guid: 'couch-to-5k-01',
      invitation: TOKEN,
      device_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect($board.get()).toEqual({ id: 12, name: 'Couch to 5k' });
    expect($notifications.get()).toEqual([]);
  });

  it('sends an invitation without a program, and leaves out a token that is not one', async () => {
    api.on('POST /api/register', {
      status: 201,
      body: { success: true, token: 't', user: makeUser({ completed_onboarding_at: null }), subscription: null },
    });
    const first = renderAt(<SignUp />, '/sign-up/:programGuid?', `/sign-up?invitation=${TOKEN}`);
    fillAndSubmit();
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]?.body).toMatchObject({ invitation: TOKEN });
    expect(api.requests[0]?.body).not.toHaveProperty('program_guid');
    first.unmount();
    signOutLocally();
    renderAt(<SignUp />, '/sign-up/:programGuid?', '/sign-up?invitation=%3Cscript%3E');
    expect(screen.queryByText(/you were invited/i)).toBeNull();
    fillAndSubmit();
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[1]?.body).not.toHaveProperty('invitation');
  });

  it('says so when the program of the link could not be started', async () => {
    api.on('POST /api/register', {
      status: 201,
      body: { success: true, token: 't', user: makeUser({ completed_onboarding_at: null }), subscription: null },
    });
    renderAt(<SignUp />, '/sign-up/:programGuid?', '/sign-up/withdrawn-program');
    fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/onboarding'));
    expect($notifications.get().map((n) => n.message)).toEqual([
      expect.stringMatching(/program of your link is not available/),
    ]);
    expect($board.get()).toEqual({ id: 11, name: 'Default Board' });
  });
});
