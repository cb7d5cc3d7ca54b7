import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setOnboarded } from '@lifeboard/shared/stores/board';
import { signOutLocally } from '../../auth/session-actions';
import { guard } from '../../routes/guard';
import { askedPage, pathAfterSignIn } from './after-sign-in';
import Login from './Login';
import { cleanup, makeUser } from './test-helpers';

const api = withFakeApi();
beforeEach(() => {
  signOutLocally();
  localStorage.clear();
  api.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The guard's redirect (ShellView) hands /login the page asked for as `state.from`; then the form is sent. */
async function signInFrom(url: string, user = makeUser()) {
  api.on('POST /api/login', { body: { success: true, token: 'tok', user } });
  render(
    <MemoryRouter initialEntries={[{ pathname: '/login', state: { from: url } }]}>
      <Routes>
        <Route path="/login/:programGuid?" element={<Login />} />
        <Route path="*" element={null} />
      </Routes>
      <WhereAmI />
    </MemoryRouter>,
  );
  fireEvent.change(await screen.findByLabelText(/e-mail/i), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText(/password/i), { target: { value: 'right-password' } });
  fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
}

describe('signing in goes back to the page that was asked for', () => {
  it('/account, signed out → sign in → /account (not /home)', async () => {
    await signInFrom('/account');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account'));
  });

  it('a new user who asked for a page goes to it rather than to onboarding', async () => {
    await signInFrom('/habits', makeUser({ completed_onboarding_at: null }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/habits'));
  });

  it('keeps the query of a deep link (/journal?entry=7)', async () => {
    await signInFrom('/journal?entry=7');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/journal?entry=7'));
  });

  it('a new user asked for a page goes there; with none asked for, to onboarding', async () => {
    expect(pathAfterSignIn(undefined, '/habits')).toBe('/habits');
    setOnboarded(false);
    expect(pathAfterSignIn(undefined, null)).toBe('/onboarding');
    setOnboarded(true);
    expect(pathAfterSignIn(undefined, null)).toBe('/home');
  });

  it('never goes back to another site or to a sign-in form', () => {
    expect(askedPage({ from: '//evil.example/x' })).toBeNull();
    expect(askedPage({ from: 'https://evil.example/' })).toBeNull();
    expect(askedPage({ from: '/\\evil.example' })).toBeNull();
    expect(askedPage({ from: '/login' })).toBeNull();
    expect(askedPage({ from: '/sign-up/abc' })).toBeNull();
    expect(askedPage({ from: '/' })).toBeNull();
    expect(askedPage(null)).toBeNull();
    expect(askedPage({ from: '/account?tab=1' })).toBe('/account?tab=1');
  });

  it('the guard sends a signed-in visitor of /login to the page asked for, else home', () => {
    const viewer = { signedIn: true, isAdmin: false };
    expect(guard('/login', viewer, '/moods')).toEqual({ kind: 'redirect', to: '/moods' });
    expect(guard('/login', viewer)).toEqual({ kind: 'redirect', to: '/home' });
  });
});
