import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { $board, $onboarded, setBoard, setOnboarded } from '@lifeboard/shared/stores/board';
import { $session, setSession } from '@lifeboard/shared/stores/session';
import { signOutLocally } from '../../auth/session-actions';
import ForgotPassword from './ForgotPassword';
import Login from './Login';
import Onboarding from './Onboarding';
import ResetPassword from './ResetPassword';
import SignUp from './SignUp';
import SignUpCreator from './SignUpCreator';
import { cleanup, makeUser, renderAt } from './test-helpers';

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

const input = (label: RegExp) => screen.getByLabelText(label);
function type(label: RegExp, value: string) {
  fireEvent.change(input(label), { target: { value } });
}

describe('Login', () => {
  it('shows the 422 errors by their fields and keeps the e-mail typed', async () => {
    api.on('POST /api/login', {
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { email: ['These credentials do not match our records.'] },
      },
    });
    const view = renderAt(<Login />, '/login/:programGuid?', '/login');
    type(/e-mail/i, 'ada@example.com');
    type(/password/i, 'not-the-right-one');
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The given data was invalid.');
    expect((input(/e-mail/i) as HTMLInputElement).value).toBe('ada@example.com');
    expect(input(/e-mail/i).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('location').textContent).toBe('/login');
    view.unmount();
    renderAt(<Login />, '/login/:programGuid?', '/login');
    expect((input(/e-mail/i) as HTMLInputElement).value).toBe('ada@example.com');
    expect((input(/password/i) as HTMLInputElement).value).toBe('');
  });

  it('checks the form before sending and never keeps the password in the draft', async () => {
    renderAt(<Login />, '/login/:programGuid?', '/login');
    type(/e-mail/i, 'not an address');
    type(/password/i, 'secret-password-1');
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByText('must be an e-mail address')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-password-1');
  });

  it('says so when there were too many attempts (429)', async () => {
    api.on('POST /api/login', { status: 429, body: { message: 'Too Many Attempts.' } });
    renderAt(<Login />, '/login/:programGuid?', '/login');
    type(/e-mail/i, 'ada@example.com');
    type(/password/i, 'whatever-password');
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/too many attempts/i);
  });

  it('goes to onboarding when the user is not onboarded', async () => {
    api.on('POST /api/login', {
      body: { success: true, token: 'tok', user: makeUser({ completed_onboarding_at: null }) },
    });
    renderAt(<Login />, '/login/:programGuid?', '/login');
    type(/e-mail/i, 'ada@example.com');
    type(/password/i, 'right-password');
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/onboarding'));
    expect($session.get().token).toBe('tok');
  });

  it('goes to the program being bought, else home, and forgets the draft', async () => {
    api.on('POST /api/login', { body: { success: true, token: 'tok', user: makeUser() } });
    renderAt(<Login />, '/login/:programGuid?', '/login/prog-guid-123');
    type(/e-mail/i, 'ada@example.com');
    type(/password/i, 'right-password');
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/program-purchase/prog-guid-123'));
    expect(Object.keys({ ...localStorage }).some((key) => key.includes('draft:'))).toBe(false);
  });

  it('keeps the typed e-mail across a remount (draft)', () => {
    const first = renderAt(<Login />, '/login/:programGuid?', '/login');
    type(/e-mail/i, 'half-typed@exam');
    first.unmount();
    renderAt(<Login />, '/login/:programGuid?', '/login');
    expect((input(/e-mail/i) as HTMLInputElement).value).toBe('half-typed@exam');
  });
});

describe('SignUp', () => {
  it('sends the program guid with the registration', async () => {
    api.on('POST /api/register', {
      status: 201,
      body: { success: true, token: 't2', user: makeUser({ completed_onboarding_at: null }) },
    });
    renderAt(<SignUp />, '/sign-up/:programGuid?', '/sign-up/abcdefgh12');
    type(/^name/i, 'Ada');
    type(/e-mail/i, 'ada@example.com');
    type(/password/i, 'long-enough-pass');
    fireEvent.click(screen.getByRole('button', { name: /create account/i }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/onboarding'));
    expect(api.requests[0]?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'long-enough-pass',
      program_guid: 'abcdefgh12',
      device_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });
});

describe('the new-password strength meter', () => {
  it('judges the password as it is typed, with the estimator loaded only then, and names the weakness', async () => {
    renderAt(<SignUp />, '/sign-up/:programGuid?', '/sign-up');
    type(/^name/i, 'Marguerite');
    type(/e-mail/i, 'marguerite@example.com');
    expect(screen.getByText(/hard to guess/)).toBeTruthy();
    expect(screen.queryByRole('meter')).toBeNull();
    type(/password/i, 'password12');
    expect(await screen.findByText(/Strength: Weak\. This is a common password\./)).toBeTruthy();
    expect(Number(screen.getByRole('meter').getAttribute('value'))).toBe(1);
    type(/password/i, 'marguerite1');
    expect(await screen.findByText(/your name, your e-mail/)).toBeTruthy();
    type(/password/i, 'lantern orbit velvet');
    expect(await screen.findByText('Strength: Very strong.', { exact: false })).toBeTruthy();
    expect(Number(screen.getByRole('meter').getAttribute('value'))).toBe(4);
  });

  it('is on the reset form too', async () => {
    renderAt(<ResetPassword />, '/reset-password/:token?', '/reset-password/tok-123?email=ada%40example.com');
    type(/^new password$/i, 'qwertyuiop');
    expect(await screen.findByText(/Strength: Very weak/)).toBeTruthy();
  });
});

describe('SignUpCreator', () => {
  it('registers with the creator flag and keeps the form when the e-mail is taken', async () => {
    api.on('POST /api/register', {
      status: 422,
      body: { message: 'Invalid.', errors: { email: ['is already registered'] } },
    });
    renderAt(<SignUpCreator />, '/sign-up-creator', '/sign-up-creator');
    type(/^name/i, 'Grace');
    type(/e-mail/i, 'grace@example.com');
    type(/password/i, 'long-enough-pass');
    fireEvent.click(screen.getByRole('button', { name: /create account/i }));
    expect(await screen.findByText('is already registered')).toBeTruthy();
    expect(api.requests[0]?.body).toEqual({
      name: 'Grace',
      email: 'grace@example.com',
      password: 'long-enough-pass',
      as_creator: true,
      device_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect((input(/^name/i) as HTMLInputElement).value).toBe('Grace');
  });
});

describe('ForgotPassword', () => {
  it('gives the same answer whether or not the address has an account', async () => {
    api.on('POST /api/password/email', {
      status: 422,
      body: { message: 'We can not find a user with that e-mail address.', errors: { email: ['unknown'] } },
    });
    renderAt(<ForgotPassword />, '/forgot-password', '/forgot-password');
    type(/e-mail/i, 'nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: /send the link/i }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If an account exists for nobody@example.com, a link to reset its password is on its way.',
    );
  });
});

describe('ForgotPassword failures', () => {
  it('reports a failure that is not about the address and keeps what was typed', async () => {
    api.on('POST /api/password/email', { status: 429, body: { message: 'Too Many Attempts.' } });
    renderAt(<ForgotPassword />, '/forgot-password', '/forgot-password');
    type(/e-mail/i, 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: /send the link/i }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/too many attempts/i);
    expect((input(/e-mail/i) as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('ResetPassword', () => {
  it('sends the token from the link, the e-mail and the new password', async () => {
    api.on('POST /api/password/reset', { body: { success: true } });
    renderAt(<ResetPassword />, '/reset-password/:token?', '/reset-password/tok-123?email=ada%40example.com');
    expect((input(/e-mail/i) as HTMLInputElement).value).toBe('ada@example.com');
    type(/^new password$/i, 'brand-new-pass');
    type(/new password again/i, 'brand-new-pass');
    fireEvent.click(screen.getByRole('button', { name: /set the new password/i }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(api.requests[0]?.body).toEqual({ token: 'tok-123', email: 'ada@example.com', password: 'brand-new-pass' });
  });

  it('takes the token and the address from the mailed link, asking only for the new password', async () => {
    api.on('POST /api/password/reset', { body: { success: true } });
    renderAt(<ResetPassword />, '/reset-password/:token?', '/reset-password?email=ada%40example.com&token=tok-456');
    expect(screen.queryByLabelText(/reset code/i)).toBeNull();
    type(/^new password$/i, 'brand-new-pass');
    type(/new password again/i, 'brand-new-pass');
    fireEvent.click(screen.getByRole('button', { name: /set the new password/i }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(api.requests[0]?.body).toEqual({ token: 'tok-456', email: 'ada@example.com', password: 'brand-new-pass' });
  });

  it('opened from an older link at /forgot-password, still sets the new password with its token', async () => {
    api.on('POST /api/password/reset', { body: { success: true } });
    renderAt(<ForgotPassword />, '/forgot-password', '/forgot-password?email=ada%40example.com&token=tok-789');
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    type(/^new password$/i, 'brand-new-pass');
    type(/new password again/i, 'brand-new-pass');
    fireEvent.click(screen.getByRole('button', { name: /set the new password/i }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(api.requests[0]?.body).toEqual({ token: 'tok-789', email: 'ada@example.com', password: 'brand-new-pass' });
  });

  it('says the link may have expired when the reset is refused', async () => {
    api.on('POST /api/password/reset', {
      status: 422,
      body: { message: 'This password reset token is invalid.', errors: { token: ['invalid'] } },
    });
    renderAt(<ResetPassword />, '/reset-password/:token?', '/reset-password/tok-123');
    type(/e-mail/i, 'ada@example.com');
    type(/^new password$/i, 'brand-new-pass');
    type(/new password again/i, 'brand-new-pass');
    fireEvent.click(screen.getByRole('button', { name: /set the new password/i }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/may have expired/i);
  });
});

describe('Onboarding', () => {
  beforeEach(() => {
    setSession('tok', makeUser({ completed_onboarding_at: null, name: 'Ada', timezone: 'UTC' }));
    setBoard(11, 'Default Board');
    setOnboarded(false);
  });

  it('renames the board, sets the flag, saves each field with its own call, then goes home', async () => {
    api.on('POST /api/board/update', { body: { success: true, board: { id: 11, name: 'Family' } } });
    api.on('POST /api/onboarded/1', { body: { success: true, onboarded: true } });
    api.on('POST /api/user/update', (request) => ({ body: { success: true, user: makeUser(request.body as object) } }));
    renderAt(<Onboarding />, '/onboarding', '/onboarding');
    expect((input(/time zone/i) as HTMLSelectElement).value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    type(/your name/i, 'Ada Lovelace');
    fireEvent.change(input(/time zone/i), { target: { value: 'Europe/Paris' } });
    type(/tagline/i, 'Counting engines');
    type(/first board/i, 'Family');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /start/i }));
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
    expect(api.requests.map((r) => [r.path, r.body])).toEqual([
      ['/api/board/update', { id: 11, name: 'Family' }],
      ['/api/onboarded/1', undefined],
      ['/api/user/update', { name: 'Ada Lovelace' }],
      ['/api/user/update', { timezone: 'Europe/Paris' }],
      ['/api/user/update', { tagline: 'Counting engines' }],
    ]);
    expect($board.get()).toEqual({ id: 11, name: 'Family' });
    expect($onboarded.get()).toBe(true);
  });

  it('keeps the form filled and names the field when a save is refused', async () => {
    api.on('POST /api/onboarded/1', { body: { success: true, onboarded: true } });
    api.on('POST /api/user/update', {
      status: 422,
      body: { message: 'The name is taken.', errors: { name: ['is taken'] } },
    });
    renderAt(<Onboarding />, '/onboarding', '/onboarding');
    type(/your name/i, 'Ada L');
    fireEvent.click(screen.getByRole('button', { name: /start/i }));
    expect(await screen.findByText('is taken')).toBeTruthy();
    expect((input(/your name/i) as HTMLInputElement).value).toBe('Ada L');
    expect(screen.getByTestId('location').textContent).toBe('/onboarding');
  });
});
