import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $conversion } from '@lifeboard/shared/stores/encryption';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { $board, $boards, setBoard, setBoards } from '@lifeboard/shared/stores/board';
import { saveDraft } from '@lifeboard/shared/stores/drafts';
import { $session, setSession } from '@lifeboard/shared/stores/session';
import { signOutLocally } from '../../auth/session-actions';
import { cleanup, makeUser, renderAt } from '../auth/test-helpers';
import Account from './Account';
import Boards from './Boards';
import Devices from './Devices';
import Security from './Security';

const api = withFakeApi();
beforeEach(() => {
  signOutLocally();
  localStorage.clear();
  api.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setSession('tok', makeUser({ lat: 51.5, lon: -0.12 }));
  setBoard(11, 'Default Board');
  api.on('GET /api/ai/models', { body: { configured: false, models: [] } });
  api.on('GET /api/sms/config', { body: { success: true, configured: false } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input, select' });
const formOf = (name: string) => screen.getByRole('form', { name });
const updates = () => api.requests.filter((request) => request.path === '/api/user/update');

describe('Account', () => {
  it('checks a field before sending and shows the reason beside it', async () => {
    renderAt(<Account />, '/account', '/account');
    expect(field(/^location/i).value).toBe('51.5,-0.12');
    fireEvent.change(field(/phone number/i), { target: { value: '0123' } });
    fireEvent.click(within(formOf('Phone number')).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'must be an international number: + and the country code, then the number, e.g. +44 7700 900123',
      ),
    ).toBeTruthy();
    expect(field(/phone number/i).getAttribute('aria-invalid')).toBe('true');
    expect(updates()).toHaveLength(0);
  });

  it('saves one field per call and shows the server’s reason for location by the field', async () => {
    api.on('POST /api/user/update', (request) => {
      const body = request.body as Record<string, unknown>;
      if ('location' in body)
        return { status: 422, body: { message: 'Invalid.', errors: { lat: ['latitude is out of range'] } } };
      return { body: { success: true, user: makeUser(body) } };
    });
    renderAt(<Account />, '/account', '/account');
    fireEvent.change(field(/^tagline/i), { target: { value: 'Counting engines' } });
    fireEvent.click(within(formOf('Tagline')).getByRole('button', { name: 'Save' }));
    expect(await within(formOf('Tagline')).findByText('Saved.')).toBeTruthy();
    expect($session.get().user?.tagline).toBe('Counting engines');

    fireEvent.change(field(/^location/i), { target: { value: '45,10' } });
    fireEvent.click(within(formOf('Location')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('latitude is out of range')).toBeTruthy();
    expect(field(/^location/i).value).toBe('45,10');
    expect(updates().map((r) => r.body)).toEqual([{ tagline: 'Counting engines' }, { location: '45,10' }]);
  });

  it('saves a yes/no field as soon as it is ticked', async () => {
    api.on('POST /api/user/update', (request) => ({ body: { success: true, user: makeUser(request.body as object) } }));
    renderAt(<Account />, '/account', '/account');
    await act(async () => {
      fireEvent.click(field(/daily e-mail/i));
    });
    await waitFor(() => expect($session.get().user?.send_daily_emails).toBe(true));
    expect(updates()[0]?.body).toEqual({ send_daily_emails: true });
  });

  it('sends the phone number as typed people-style, kept in E.164', async () => {
    api.on('POST /api/user/update', (request) => ({ body: { success: true, user: makeUser(request.body as object) } }));
    renderAt(<Account />, '/account', '/account');
    fireEvent.change(field(/phone number/i), { target: { value: '+44 7700 900123' } });
    fireEvent.click(within(formOf('Phone number')).getByRole('button', { name: 'Save' }));
    expect(await within(formOf('Phone number')).findByText('Saved.')).toBeTruthy();
    expect(updates().map((r) => r.body)).toEqual([{ phone_number: '+447700900123' }]);
  });

  it('offers no texts switch when the server has no SMS provider', async () => {
    renderAt(<Account />, '/account', '/account');
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/sms/config')).toBe(true));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(screen.queryByLabelText('Send me text messages')).toBeNull();
    expect(screen.queryByText(/text message/i)).toBeNull();
  });

  it('switches texts on where the server sends them, shows why it cannot without a number, and follows the server', async () => {
    api.on('GET /api/sms/config', { body: { success: true, configured: true } });
    let phone: string | null = null;
    api.on('POST /api/user/update', (request) => {
      const body = request.body as Record<string, unknown>;
      if (body.has_sms_enabled === true && !phone) {
        return {
          status: 422,
          body: {
            message: 'Add your phone number first, then switch on text messages.',
            errors: { has_sms_enabled: ['needs your phone number: add it first'] },
          },
        };
      }
      if ('phone_number' in body) phone = body.phone_number as string | null;
      return {
        body: {
          success: true,
          user: makeUser({
            phone_number: phone,
            has_sms_enabled: phone === null ? false : body.has_sms_enabled === true,
          }),
        },
      };
    });
    renderAt(<Account />, '/account', '/account');
    const texts = await screen.findByLabelText<HTMLInputElement>('Send me text messages');
    expect(screen.getByText('Add your phone number above to get reminders by text message.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(texts);
    });
    expect(await screen.findByText('needs your phone number: add it first')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Send me text messages').checked).toBe(false);

    fireEvent.change(field(/phone number/i), { target: { value: '+44 7700 900123' } });
    fireEvent.click(within(formOf('Phone number')).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Reminders you set to arrive by text message are sent to this number.'),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Send me text messages'));
    });
    await waitFor(() => expect($session.get().user?.has_sms_enabled).toBe(true));
    expect(screen.getByLabelText<HTMLInputElement>('Send me text messages').checked).toBe(true);

    // Removing the number turns texts off on the server; the switch shows it.
    fireEvent.change(field(/phone number/i), { target: { value: '' } });
    fireEvent.click(within(formOf('Phone number')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Send me text messages').checked).toBe(false));
    expect(updates().map((r) => r.body)).toEqual([
      { has_sms_enabled: true },
      { phone_number: '+447700900123' },
      { has_sms_enabled: true },
      { phone_number: null },
    ]);
  });

  it('chooses the AI model among the configured ones, by name', async () => {
    api.on('GET /api/ai/models', {
      body: {
        configured: true,
        models: [
          { id: 1, name: 'small' },
          { id: 2, name: 'large' },
        ],
      },
    });
    api.on('POST /api/user/update', (request) => ({ body: { success: true, user: makeUser(request.body as object) } }));
    renderAt(<Account />, '/account', '/account');
    const select = await screen.findByLabelText<HTMLSelectElement>('AI model', { selector: 'select' });
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      'Default (small)',
      'small',
      'large',
    ]);
    await act(async () => {
      fireEvent.change(select, { target: { value: '2' } });
    });
    await waitFor(() => expect($session.get().user?.ai_model).toBe(2));
    expect(updates().map((r) => r.body)).toEqual([{ ai_model: 2 }]);
    expect(screen.queryByRole('textbox', { name: /AI model/ })).toBeNull();
  });

  it('says plainly when no AI model is configured, and offers nothing to type', async () => {
    api.on('GET /api/ai/models', { body: { configured: false, models: [] } });
    renderAt(<Account />, '/account', '/account');
    expect(await screen.findByText(/none is configured on this Lifeboard/)).toBeTruthy();
    expect(screen.queryByLabelText('AI model')).toBeNull();
  });

  it('keeps unsaved text across a remount (draft)', () => {
    const first = renderAt(<Account />, '/account', '/account');
    fireEvent.change(field(/^tagline/i), { target: { value: 'half a thought' } });
    first.unmount();
    renderAt(<Account />, '/account', '/account');
    expect(field(/^tagline/i).value).toBe('half a thought');
  });
});

describe('Boards', () => {
  it('cannot delete the last board', async () => {
    api.on('GET /api/board/all', { body: { success: true, boards: [{ id: 11, name: 'Default Board' }] } });
    renderAt(<Boards />, '/boards', '/boards');
    // Asked for by path: a request of the test before (the account page's AI models) may still arrive.
    await waitFor(() => expect(api.requests.filter((request) => request.path === '/api/board/all')).toHaveLength(1));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete' }).disabled).toBe(true);
    expect(screen.getByText('Your only board cannot be deleted.')).toBeTruthy();
  });

  it('deletes after a confirmation and moves off the deleted current board', async () => {
    const boards = [
      { id: 11, name: 'Default Board' },
      { id: 12, name: 'Work' },
    ];
    setBoards(boards);
    api.on('GET /api/board/all', { body: { success: true, boards } });
    api.on('POST /api/board/delete', { body: { success: true } });
    api.on('POST /api/board/verify', { body: { success: true, board: { id: 12, name: 'Work' } } });
    renderAt(<Boards />, '/boards', '/boards');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]);
    expect(api.requests.some((r) => r.path === '/api/board/delete')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect($board.get()).toEqual({ id: 12, name: 'Work' }));
    expect($boards.get()).toEqual([{ id: 12, name: 'Work' }]);
  });

  it('marks the default board and makes another the default, leaving the current board as it is', async () => {
    const boards = [
      { id: 11, name: 'Default Board' },
      { id: 12, name: 'Work' },
    ];
    setBoards(boards);
    setSession('tok', makeUser({ default_board_id: 11, boards }));
    api.on('GET /api/board/all', { body: { success: true, boards } });
    api.on('POST /api/user/update', (request) => ({
      body: { success: true, user: makeUser({ ...(request.body as object), boards }) },
    }));
    renderAt(<Boards />, '/boards', '/boards');
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]).getByText('default')).toBeTruthy();
    expect(within(rows[0]).queryByRole('button', { name: /default board/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make Work my default board' }));
    await waitFor(() => expect($session.get().user?.default_board_id).toBe(12));
    expect(updates().map((r) => r.body)).toEqual([{ default_board_id: 12 }]);
    expect(await within(screen.getAllByRole('listitem')[1]).findByText('default')).toBeTruthy();
    expect($board.get()).toEqual({ id: 11, name: 'Default Board' });
  });

  it('creates a board, switches to it and empties the form', async () => {
    api.on('GET /api/board/all', { body: { success: true, boards: [{ id: 11, name: 'Default Board' }] } });
    api.on('POST /api/board/create', { body: { success: true, board: { id: 13, name: 'Garden' } } });
    renderAt(<Boards />, '/boards', '/boards');
    fireEvent.change(field(/board name/i), { target: { value: 'Garden' } });
    fireEvent.click(screen.getByRole('button', { name: /create and switch/i }));
    await waitFor(() => expect($board.get()).toEqual({ id: 13, name: 'Garden' }));
    await waitFor(() => expect(field(/board name/i).value).toBe(''));
  });
});

describe('Devices', () => {
  it('marks this device and signs another out', async () => {
    api.on('GET /api/devices', {
      body: {
        success: true,
        devices: [
          { id: 1, device_id: 'a', name: 'Firefox on Linux', last_used_at: '2026-11-22T17:45:00.000Z', current: true },
          { id: 2, device_id: 'b', name: 'Old phone', last_used_at: null, current: false },
        ],
      },
    });
    api.on('POST /api/devices/revoke', { body: { success: true } });
    api.on('GET /api/push/config', { body: { success: true, configured: false, public_key: null } });
    api.on('GET /api/push/subscriptions', { body: { success: true, subscriptions: [] } });
    renderAt(<Devices />, '/devices', '/devices');
    expect(await screen.findByText('this device')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByText('Old phone')).toBeNull());
    expect(api.requests.at(-1)?.body).toEqual({ id: 2 });
  });
});

/** What the Security page's own forms sent: the encryption section asks whether encryption is on as it opens. */
const securityRequests = () => api.requests.filter((r) => r.path !== '/api/encryption');

describe('Security', () => {
  it('changes the password after checking the confirmation', async () => {
    api.on('POST /api/password/change', { body: { success: true } });
    renderAt(<Security />, '/security', '/security');
    fireEvent.change(field(/current password/i), { target: { value: 'old-password-1' } });
    fireEvent.change(field(/^new password$/i), { target: { value: 'new-password-22' } });
    fireEvent.change(field(/new password again/i), { target: { value: 'new-password-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('does not match the new password')).toBeTruthy();
    fireEvent.change(field(/new password again/i), { target: { value: 'new-password-22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed.')).toBeTruthy();
    expect(securityRequests()[0]?.body).toEqual({ current_password: 'old-password-1', password: 'new-password-22' });
  });
});

describe('Security: end-to-end encryption', () => {
  it('turns it on with a passphrase and shows the recovery key once, sending only wrapped keys', async () => {
    const runs: unknown[] = [];
    const stop = $conversion.listen((run) => runs.push(run));
    api.on('GET /api/encryption', { body: { success: true, encryption: null } });
    api.on('GET /api/encryption/progress', {
      body: {
        success: true,
        progress: { journal_entry: { total: 0, encrypted: 0 }, note: { total: 0, encrypted: 0 } },
      },
    });
    api.on('POST /api/encryption/enable', (request) => ({
      status: 201,
      body: {
        success: true,
        encryption: { ...(request.body as object), state: 'on', updated_at: '2026-11-29T00:00:00.000Z' },
      },
    }));
    renderAt(<Security />, '/security', '/security');
    fireEvent.change(await screen.findByLabelText('Passphrase', { selector: 'input' }), {
      target: { value: 'lanterns over the harbour' },
    });
    fireEvent.change(field(/^passphrase again/i), { target: { value: 'lanterns over the harbor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on encryption' }));
    expect(await screen.findByText('The two passphrases are not the same.')).toBeTruthy();
    fireEvent.change(field(/^passphrase again/i), { target: { value: 'lanterns over the harbour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on encryption' }));
    const key = await screen.findByTestId('recovery-key', {}, { timeout: 10_000 });
    expect(key.textContent).toMatch(/^([A-Z2-7]{4}-){12}[A-Z2-7]{4}$/);
    const sent = JSON.stringify(api.requests.find((r) => r.path === '/api/encryption/enable')?.body);
    expect(sent).not.toContain('lanterns');
    expect(sent).not.toContain(key.textContent?.replace(/-/g, '').slice(0, 12));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Done' }).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I have saved my recovery key'));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('recovery-key')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Change passphrase' })).toBeTruthy();
    // The background sealing of existing entries has run and ended: none of it reaches the next test.
    await waitFor(() => {
      expect(runs.some((run) => run !== null)).toBe(true);
      expect($conversion.get()).toBeNull();
    });
    stop();
  });
});

describe('Security sign-out', () => {
  it('signs this device out and goes to the sign-in page', async () => {
    api.on('POST /logout', { body: { success: true } });
    renderAt(<Security />, '/security', '/security');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of this device' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect($session.get()).toEqual({ token: null, user: null });
    expect(securityRequests().map((r) => r.path)).toEqual(['/logout']);
  });
});

describe('Security: delete the account', () => {
  it('needs the password: a wrong one shows the reason and keeps the session', async () => {
    api.on('POST /api/user/delete', {
      status: 422,
      body: {
        message: 'That is not your password; nothing was deleted.',
        errors: { password: ['is not your password'] },
      },
    });
    renderAt(<Security />, '/security', '/security');
    const form = formOf('Delete your account');
    fireEvent.click(within(form).getByRole('button', { name: 'Delete my account and everything in it' }));
    expect(await within(form).findByText('is required to delete your account')).toBeTruthy();
    expect(securityRequests()).toHaveLength(0);
    fireEvent.change(field(/your password/i), { target: { value: 'wrong-password' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Delete my account and everything in it' }));
    expect(await within(form).findByText('is not your password')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('That is not your password; nothing was deleted.');
    expect($session.get().token).toBe('tok');
  });

  it('deletes, forgets the session and drafts here, and goes to the front page', async () => {
    api.on('POST /api/user/delete', { body: { success: true } });
    saveDraft('some-form', { a: 1 });
    expect(Object.keys(localStorage).filter((key) => key.includes('draft:'))).toHaveLength(1);
    renderAt(<Security />, '/security', '/security');
    fireEvent.change(field(/your password/i), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account and everything in it' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(securityRequests().map((r) => [r.path, r.body])).toEqual([
      ['/api/user/delete', { password: 'correct horse battery' }],
    ]);
    expect($session.get()).toEqual({ token: null, user: null });
    expect($boards.get()).toEqual([]);
    expect(Object.keys(localStorage).filter((key) => key.includes('draft:'))).toEqual([]);
  });
});

describe('Account: download all my data', () => {
  it('downloads the export as one zip named by the date, and says so when it fails', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const created = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} });
    api.on('GET /api/user/export', { status: 500, body: { error: 'boom' } });
    renderAt(<Account />, '/account', '/account');
    fireEvent.click(screen.getByRole('button', { name: 'Download all my data' }));
    expect(await screen.findByText('The export could not be made. Please try again.')).toBeTruthy();
    expect(clicked).toEqual([]);

    api.on('GET /api/user/export', {
      body: { format: 'lifeboard-account-export' },
      headers: { 'Content-Type': 'application/zip' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download all my data' }));
    await waitFor(() => expect(clicked).toEqual([expect.stringMatching(/^lifeboard-account-\d{4}-\d{2}-\d{2}\.zip$/)]));
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
    expect(api.requests.at(-1)?.headers.authorization).toBe('Bearer tok');
    expect(screen.queryByText(/in this download they stay encrypted/)).toBeNull();
  });

  it('says that an encrypted journal stays encrypted in it, and where a readable copy is made', async () => {
    api.on('GET /api/encryption', {
      body: { success: true, encryption: { state: 'on', updated_at: '2026-11-29T00:00:00.000Z' } },
    });
    renderAt(<Account />, '/account', '/account');
    expect(await screen.findByText(/in this download they stay encrypted/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Journal' }).getAttribute('href')).toBe('/journal');
  });
});
