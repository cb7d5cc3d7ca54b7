import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { ConnectionsPage } from './ConnectionsPage';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.on('POST /api/calendar/connections', { body: { connections: [] } });
});
afterEach(() => {
  cleanup();
  clearData();
});

const show = () =>
  render(
    <MemoryRouter>
      <ConnectionsPage />
    </MemoryRouter>,
  );
const caldav = { configured: true, missing: [] };
const google = { configured: false, missing: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] };

describe('ConnectionsPage: Google Calendar', () => {
  it('says which settings the server still needs, and who sets them', async () => {
    api.on('POST /api/calendar/providers', {
      body: { google: { configured: false, missing: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] }, caldav },
    });
    show();
    const button = await screen.findByRole('button', { name: 'Connect Google Calendar' }, { timeout: 3000 });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('google-calendar-why');
    expect(
      screen.getByText(/whoever runs it sets GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET .* and restarts the API/),
    ).toBeTruthy();
  });

  it('names only what is missing', async () => {
    api.on('POST /api/calendar/providers', {
      body: { google: { configured: false, missing: ['GOOGLE_CLIENT_SECRET'] }, caldav },
    });
    show();
    expect(await screen.findByText(/whoever runs it sets GOOGLE_CLIENT_SECRET \(/, {}, { timeout: 3000 })).toBeTruthy();
  });

  it('says plainly when the check itself fails', async () => {
    api.on('POST /api/calendar/providers', { status: 500, body: { error: 'down' } });
    show();
    expect(
      await screen.findByText(/Whether Google Calendar can be connected could not be checked/, {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.getByText(/Whether CalDAV can be connected could not be checked/)).toBeTruthy();
  });
});

describe('ConnectionsPage: a connected Google account', () => {
  const googleReady = { configured: true, missing: [] };
  const account = {
    id: 9,
    name: 'Google Calendar (ada@example.com)',
    url: 'https://calendar.google.com',
    provider: 'google',
    username: 'ada@example.com',
    event_count: 4,
    last_synced_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    last_error: null,
    calendars: [
      { id: 3, name: 'ada@example.com', color: '#039be5', selected: true, event_count: 4 },
      { id: 4, name: 'Holidays', color: '#7cb342', selected: false, event_count: 0 },
    ],
  };

  it('says how the visit to Google went, in words', async () => {
    api.on('POST /api/calendar/providers', { body: { google: googleReady, caldav } });
    render(
      <MemoryRouter initialEntries={['/calendar/connections?google=denied']}>
        <ConnectionsPage />
      </MemoryRouter>,
    );
    expect(
      (await screen.findByText(/Google Calendar was not connected: access was not allowed/, {}, { timeout: 3000 }))
        .textContent,
    ).not.toMatch(/access_denied|denied$/);
  });

  it('lists the account with its calendars and last sync in words; disconnecting asks first', async () => {
    api.on('POST /api/calendar/providers', { body: { google: googleReady, caldav } });
    api.on('POST /api/calendar/connections', { body: { connections: [account] } });
    api.on('POST /api/calendar/google/disconnect', { body: { success: true, revoked: true } });
    show();
    const item = await screen.findByRole('listitem', { name: account.name }, { timeout: 3000 });
    expect(item.textContent).toContain('two-way sync with Google as ada@example.com');
    expect(item.textContent).toContain('4 events · Synced 5 minutes ago.');
    expect(within(item).getByLabelText(/Holidays/)).toBeTruthy();
    expect(item.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}|last_synced_at|provider/);
    const connect = await screen.findByRole<HTMLButtonElement>('button', { name: 'Connect Google Calendar' });
    expect(connect.disabled).toBe(false);

    fireEvent.click(within(item).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Nothing is deleted in Google Calendar.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.some((r) => r.path === '/api/calendar/google/disconnect')).toBe(false);

    fireEvent.click(within(item).getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/calendar/google/disconnect')?.body).toEqual({ id: 9 }),
    );
    expect(await screen.findByText(/no longer has access to it/)).toBeTruthy();
  });

  it('says why connecting could not start, and stays on the page', async () => {
    api.on('POST /api/calendar/providers', { body: { google: googleReady, caldav } });
    api.on('POST /api/calendar/google/connect', {
      status: 422,
      body: { error: 'LB-VALIDATION', message: 'Google Calendar is not set up on this server.' },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Google Calendar' }, { timeout: 3000 }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not start connecting Google Calendar');
  });
});

describe('ConnectionsPage: CalDAV accounts', () => {
  it('says which setting the server needs when it cannot keep calendar passwords, and offers no form', async () => {
    api.on('POST /api/calendar/providers', {
      body: { google, caldav: { configured: false, missing: ['CALENDAR_CREDENTIALS_KEY'] } },
    });
    show();
    expect(
      await screen.findByText(
        /Not set up on this Lifeboard server: whoever runs it sets CALENDAR_CREDENTIALS_KEY/,
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Connect a CalDAV account' })).toBeNull();
  });

  it("shows the server's reason beside the password and keeps what was typed", async () => {
    api.on('POST /api/calendar/providers', { body: { google, caldav } });
    api.on('POST /api/calendar/caldav/connect', {
      status: 422,
      body: {
        message: 'The server did not accept the user name or password.',
        errors: {
          password: [
            'The server did not accept the user name or password. Check them; iCloud and Fastmail need an app-specific password, not your account password.',
          ],
        },
      },
    });
    show();
    const form = await screen.findByRole('form', { name: 'Connect a CalDAV account' }, { timeout: 3000 });
    fireEvent.change(within(form).getByLabelText('Service'), { target: { value: 'fastmail' } });
    expect(within(form).getByLabelText<HTMLInputElement>('Server address').value).toBe('https://caldav.fastmail.com');
    expect(within(form).getByText(/app password with CalDAV access/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('User name'), { target: { value: 'me@fastmail.com' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/did not accept the user name or password/);
    expect(within(form).getByLabelText<HTMLInputElement>('User name').value).toBe('me@fastmail.com');
    expect(within(form).getByLabelText<HTMLInputElement>('Password').value).toBe('wrong');
    expect(api.requests.find((r) => r.path === '/api/calendar/caldav/connect')?.body).toEqual({
      server_url: 'https://caldav.fastmail.com',
      username: 'me@fastmail.com',
      password: 'wrong',
    });
  });

  it('says in words what is connected, when it last synced and why the last sync failed; choosing calendars saves the choice', async () => {
    api.on('POST /api/calendar/providers', { body: { google, caldav } });
    const account = {
      id: 7,
      name: 'Home server',
      url: 'https://dav.example.com/',
      provider: 'caldav',
      username: 'alice',
      event_count: 3,
      last_synced_at: new Date(Date.now() - 2 * 60_000).toISOString(),
      last_error: null,
      calendars: [
        { id: 1, name: 'Work', color: '#ff8800', selected: true, event_count: 3 },
        { id: 2, name: 'Birthdays', color: null, selected: false, event_count: 0 },
      ],
    };
    api.on('POST /api/calendar/connections', { body: { connections: [account] } });
    api.on('POST /api/calendar/caldav/calendars', { body: { connection: account } });
    show();
    const item = await screen.findByRole('listitem', { name: 'Home server' }, { timeout: 3000 });
    expect(item.textContent).toContain('two-way sync with dav.example.com as alice');
    expect(item.textContent).toContain('3 events · Synced 2 minutes ago.');
    expect(item.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}|last_synced_at/);
    fireEvent.click(within(item).getByLabelText('Birthdays'));
    fireEvent.click(within(item).getByRole('button', { name: 'Save the choice' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/calendar/caldav/calendars')?.body).toEqual({
        id: 7,
        selected: [1, 2],
      }),
    );
    expect((await screen.findByText(/Saved: 2 of 2 calendars of Home server are synced/)).textContent).toBeTruthy();
  });

  it("shows why the last sync failed, in the server's words", async () => {
    api.on('POST /api/calendar/providers', { body: { google, caldav } });
    api.on('POST /api/calendar/connections', {
      body: {
        connections: [
          {
            id: 8,
            name: 'iCloud',
            url: 'https://caldav.icloud.com/',
            provider: 'caldav',
            username: 'me@icloud.com',
            event_count: 0,
            last_synced_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
            last_error: 'The server could not be reached. Check the address, or try again later.',
            calendars: [],
          },
        ],
      },
    });
    show();
    const item = await screen.findByRole('listitem', { name: 'iCloud' }, { timeout: 3000 });
    expect(item.textContent).toContain('Last sync failed 3 hours ago.');
    expect(within(item).getByRole('alert').textContent).toBe(
      'The server could not be reached. Check the address, or try again later.',
    );
  });
});
