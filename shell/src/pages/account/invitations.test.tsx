import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invitation } from '@lifeboard/shared/api/invitations';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { $notifications, dismissAll } from '@lifeboard/shared/stores/notifications';
import { setSession } from '@lifeboard/shared/stores/session';
import { signOutLocally } from '../../auth/session-actions';
import { cleanup, makeUser, renderAt } from '../auth/test-helpers';
import Invitations from './Invitations';

const api = withFakeApi();

const pending: Invitation = {
  id: 1,
  email: 'bo@example.com',
  program_guid: 'couch-to-5k-01',
  sent_at: '2026-11-20T09:00:00.000Z',
  accepted_at: null,
};
const accepted: Invitation = {
  id: 2,
  email: 'cy@example.com',
  program_guid: null,
  sent_at: '2026-11-18T09:00:00.000Z',
  accepted_at: '2026-11-19T17:45:00.000Z',
};
const catalogue = [
  { id: 5, guid: 'couch-to-5k-01', title: 'Couch to 5k' },
  { id: 6, guid: 'sleep-better-1', title: 'Sleep better' },
];

beforeEach(() => {
  signOutLocally();
  localStorage.clear();
  dismissAll();
  api.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setSession('tok', makeUser());
  setBoard(11, 'Default Board');
  api.on('GET /api/invitations', { body: { success: true, invitations: [pending, accepted] } });
  api.on('POST /api/program/published', { body: { success: true, programs: catalogue } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const emailField = () => screen.getByLabelText<HTMLInputElement>(/e-mail address/i);
const programField = () => screen.getByLabelText<HTMLSelectElement>(/start them in a program/i);
const sendButton = () => screen.getByRole('button', { name: 'Send invitation' });
const sentList = () => screen.findByRole('list', { name: 'Sent invitations' });
const sends = () => api.requests.filter((r) => r.path === '/api/invitations/create');

async function ready() {
  await sentList();
  await waitFor(() => expect(programField().disabled).toBe(false));
}

describe('Invitations', () => {
  it('lists sent invitations with their status and program, and withdraws only pending ones', async () => {
    renderAt(<Invitations />, '/invitations', '/invitations');
    const items = within(await sentList()).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'bo@example.com',
      'cy@example.com',
    ]);
    expect(within(items[0]).getByText('pending')).toBeTruthy();
    await waitFor(() => expect(within(items[0]).getByText(/to start Couch to 5k/)).toBeTruthy());
    expect(within(items[0]).getByText(`Sent ${formatDisplayDate(pending.sent_at)}`, { exact: false })).toBeTruthy();
    expect(within(items[1]).getByText(`accepted on ${formatDisplayDate('2026-11-19T17:45:00.000Z')}`)).toBeTruthy();
    expect(within(items[1]).queryByRole('button')).toBeNull();
  });

  it('sends an invitation into a chosen program, shows it first, and empties the form', async () => {
    api.on('POST /api/invitations/create', {
      body: {
        success: true,
        invitation: {
          id: 9,
          email: 'dee@example.com',
          program_guid: 'sleep-better-1',
          sent_at: '2026-11-22T12:00:00.000Z',
          accepted_at: null,
        },
      },
    });
    renderAt(<Invitations />, '/invitations', '/invitations');
    await ready();
    fireEvent.change(emailField(), { target: { value: '  Dee@Example.com ' } });
    fireEvent.change(programField(), { target: { value: 'sleep-better-1' } });
    fireEvent.click(sendButton());
    expect((await screen.findByText('Invitation sent to dee@example.com.')).getAttribute('role')).toBe('status');
    expect(sends().map((r) => r.body)).toEqual([{ email: 'dee@example.com', program_guid: 'sleep-better-1' }]);
    const items = within(await sentList()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByText('dee@example.com')).toBeTruthy();
    expect(within(items[0]).getByText(/to start Sleep better/)).toBeTruthy();
    expect(emailField().value).toBe('');
    expect(programField().value).toBe('');
  });

  it('checks the address before sending and keeps what was typed', async () => {
    renderAt(<Invitations />, '/invitations', '/invitations');
    await ready();
    fireEvent.change(emailField(), { target: { value: 'not-an-address' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('must be an e-mail address')).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(emailField().value).toBe('not-an-address');
    expect(sends()).toHaveLength(0);
  });

  it('shows the server’s reason beside the field and keeps the form (422), and says so at the hourly limit (429)', async () => {
    api.on('POST /api/invitations/create', {
      status: 422,
      body: {
        message: 'The program_guid is not a published program.',
        errors: { program_guid: ['is not a published program'] },
      },
    });
    renderAt(<Invitations />, '/invitations', '/invitations');
    await ready();
    fireEvent.change(emailField(), { target: { value: 'eve@example.com' } });
    fireEvent.change(programField(), { target: { value: 'couch-to-5k-01' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('is not a published program')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The invitation was not sent: see the marked field.');
    expect(programField().getAttribute('aria-invalid')).toBe('true');
    expect(emailField().value).toBe('eve@example.com');
    expect(programField().value).toBe('couch-to-5k-01');

    api.on('POST /api/invitations/create', {
      status: 429,
      headers: { 'Retry-After': '1800' },
      body: { success: false, error: 'Too Many Requests!' },
    });
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/as many invitations as allowed in an hour/),
    );
    expect(emailField().value).toBe('eve@example.com');
    expect(within(await sentList()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps a half-typed invitation across a remount (draft)', async () => {
    const first = renderAt(<Invitations />, '/invitations', '/invitations');
    await ready();
    fireEvent.change(emailField(), { target: { value: 'half@exam' } });
    first.unmount();
    renderAt(<Invitations />, '/invitations', '/invitations');
    expect(emailField().value).toBe('half@exam');
    await ready();
  });

  it('withdraws a pending invitation, and says so when that fails', async () => {
    api.on('POST /api/invitations/delete', { status: 404, body: { success: false, error: 'No such invitation.' } });
    renderAt(<Invitations />, '/invitations', '/invitations');
    await sentList();
    const withdraw = screen.getByRole('button', { name: 'Withdraw the invitation to bo@example.com' });
    fireEvent.click(withdraw);
    await waitFor(() =>
      expect($notifications.get().map((n) => n.message)).toContainEqual(
        expect.stringMatching(/could not be withdrawn: No such invitation/),
      ),
    );
    expect(within(await sentList()).getAllByRole('listitem')).toHaveLength(2);

    api.on('POST /api/invitations/delete', { body: { success: true, id: 1 } });
    fireEvent.click(withdraw);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Sent invitations' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(api.requests.filter((r) => r.path === '/api/invitations/delete').map((r) => r.body)).toEqual([
      { id: 1 },
      { id: 1 },
    ]);
    expect($notifications.get().at(-1)?.message).toMatch(/to bo@example.com is withdrawn/);
  });

  it('offers a retry when the list cannot load, and still invites without the catalogue', async () => {
    api.on('GET /api/invitations', { status: 503, body: { message: 'Down for maintenance.' } });
    api.on('POST /api/program/published', { status: 503, body: {} });
    renderAt(<Invitations />, '/invitations', '/invitations');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    await waitFor(() => expect(programField().disabled).toBe(false));
    expect(
      within(programField())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No program: just Lifeboard']);
    api.on('GET /api/invitations', { body: { success: true, invitations: [] } });
    fireEvent.click(retry);
    expect(await screen.findByText('You have not invited anyone yet.')).toBeTruthy();
  });

  it('keeps the copyable sign-up link as a second way', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt(<Invitations />, '/invitations', '/invitations');
    expect(screen.getByLabelText<HTMLInputElement>(/sign-up link/i).value).toBe(`${window.location.origin}/sign-up`);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/sign-up`);
    await ready();
  });
});
