import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '@lifeboard/shared/api/notifications';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { $notifications, dismissAll } from '@lifeboard/shared/stores/notifications';
import { setSession } from '@lifeboard/shared/stores/session';
import { markFirstScreenIn } from '../app/first-screen';
import { signOutLocally } from '../auth/session-actions';
import { cleanup, makeUser, renderAt } from '../pages/auth/test-helpers';
import { NotificationBell } from './NotificationBell';

const api = withFakeApi();

const due: AppNotification = {
  id: 3,
  title: 'Take the bins out',
  body: 'Reminder for Wednesday 25 November at 19:00',
  created_at: '2026-11-25T19:00:00.000Z',
  read: false,
  actionable: true,
};
const old: AppNotification = {
  id: 2,
  title: 'Stretch',
  body: 'Reminder for Tuesday 24 November at 08:00',
  created_at: '2026-11-24T08:00:00.000Z',
  read: true,
  actionable: false,
};

beforeEach(() => {
  // The bell asks for its count once the page's first screen is in (bootstrap.tsx says when).
  markFirstScreenIn();
  signOutLocally();
  dismissAll();
  api.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setSession('tok', makeUser());
  api.on('GET /api/notifications/unread', { body: { success: true, unread: 1 } });
  api.on('GET /api/notifications', { body: { success: true, notifications: [due, old], unread: 1 } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const calls = (path: string) => api.requests.filter((r) => r.path === path);

describe('NotificationBell', () => {
  it('shows the unread count and loads the list only when opened', async () => {
    renderAt(<NotificationBell />, '*', '/home');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    expect(calls('/api/notifications')).toHaveLength(0);
    fireEvent.click(bell());
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Take the bins out', 'Stretch']);
    expect(within(items[0]).getByText('Reminder for Wednesday 25 November at 19:00')).toBeTruthy();
    // Done and Snooze only on the reminder not yet acted on.
    expect(within(items[0]).getByRole('button', { name: 'Snooze 10 min' })).toBeTruthy();
    expect(within(items[1]).queryByRole('button', { name: 'Done' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Notifications' })).toBeNull());
  });

  it('marks done from the bell: the server is told, the count drops, the actions go', async () => {
    api.on('POST /api/notifications/act', {
      body: {
        success: true,
        message: '“Take the bins out” is done. No more reminders for this time.',
        notification: { ...due, read: true, actionable: false },
      },
    });
    api.on('POST /api/notifications/read', { body: { success: true, unread: 0 } });
    renderAt(<NotificationBell />, '*', '/home');
    fireEvent.click(bell());
    const list = await screen.findByRole('list', { name: 'Notifications' });
    fireEvent.click(within(list).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(list).queryByRole('button', { name: 'Done' })).toBeNull());
    expect(calls('/api/notifications/act')[0].body).toEqual({ id: 3, action: 'done' });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect($notifications.get().map((n) => n.message)).toContain(
      '“Take the bins out” is done. No more reminders for this time.',
    );
  });

  it('marks all read', async () => {
    api.on('POST /api/notifications/read', { body: { success: true, unread: 0 } });
    renderAt(<NotificationBell />, '*', '/home');
    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(calls('/api/notifications/read')[0].body).toEqual({});
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    api.on('GET /api/notifications', { status: 500, body: { error: 'boom' } });
    renderAt(<NotificationBell />, '*', '/home');
    fireEvent.click(bell());
    expect((await screen.findByRole('alert')).textContent).toContain('Loading your notifications did not work');
    api.on('GET /api/notifications', { body: { success: true, notifications: [], unread: 0 } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Nothing yet/)).toBeTruthy();
  });
});
