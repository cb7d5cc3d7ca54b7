import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeApi } from '../lib/test-fake-api';
import { makeUser } from '../models/test-user';
import { $board } from '../stores/board';
import { resetConfigForTests, setConfig } from '../stores/config';
import { $session, clearSession } from '../stores/session';
import { StandalonePage } from './standalone';

const user = makeUser({
  default_board_id: 2,
  boards: [
    { id: 1, name: 'Home' },
    { id: 2, name: 'Work' },
  ],
});

const api = withFakeApi();
afterEach(() => {
  cleanup();
  clearSession();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

function page() {
  return render(
    <StandalonePage areaName="Goals" startPath="/my-goals">
      <p>The goals area</p>
    </StandalonePage>,
  );
}

async function signIn(password: string) {
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the standalone page of an area', () => {
  it('asks a signed-out visitor to sign in, and shows the area nowhere', () => {
    page();
    expect(screen.getByRole('heading', { name: 'Goals (standalone)' })).toBeTruthy();
    expect(screen.queryByText('The goals area')).toBeNull();
  });

  it('says why a sign-in failed, keeps what was typed, and stays signed out', async () => {
    api.on('POST /api/login', { status: 401, body: { success: false, message: 'Wrong email or password' } });
    page();
    await signIn('not-it');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com');
    expect($session.get().user).toBeNull();
    expect(screen.queryByText('The goals area')).toBeNull();
  });

  it('signs in, selects the default board and shows the area at its start page', async () => {
    api.on('POST /api/login', { body: { success: true, token: 'tok', user } });
    page();
    await signIn('right');
    expect(await screen.findByText('The goals area')).toBeTruthy();
    expect(screen.getByText(/Goals \(standalone\) · ada@example.com/)).toBeTruthy();
    expect($board.get()).toEqual({ id: 2, name: 'Work' });
    expect(window.location.pathname).toBe('/my-goals');
  });

  it('signs out', async () => {
    api.on('POST /api/login', { body: { success: true, token: 'tok', user } });
    page();
    await signIn('right');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect($session.get().token).toBeNull();
  });
});

describe('the standalone page reads its API address at start-up', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setConfig({ apiUrl: api.url });
  });

  it('from /settings.json beside it, and signs in against that API', async () => {
    resetConfigForTests();
    const fetchMock = vi.fn(async () => Response.json({ apiUrl: api.url, analytics: null }));
    vi.stubGlobal('fetch', fetchMock);
    api.on('POST /api/login', { body: { success: true, token: 'tok', user } });
    page();
    await signIn('correct horse battery');
    expect(await screen.findByText('The goals area')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/settings.json', expect.anything());
  });

  it('says so when the file cannot be read', async () => {
    resetConfigForTests();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 404 })),
    );
    page();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This page could not read its settings (/settings.json): /settings.json answered 404.',
    );
  });
});
