import { call, isObject, readSuccess, type Body } from './call';

// Notifications (the bell in the header)

/** One entry of the bell: a reminder delivered in the app. */
export interface AppNotification {
  id: number;
  title: string;
  /** "Reminder for Wednesday 25 November at 16:50". */
  body: string;
  created_at: string;
  read: boolean;
  /** Whether "Done" and "Snooze 10 min" are offered (a reminder not yet acted on). */
  actionable: boolean;
}

function isAppNotification(value: unknown): value is AppNotification {
  return (
    isObject(value) &&
    typeof value.id === 'number' &&
    typeof value.title === 'string' &&
    typeof value.body === 'string' &&
    typeof value.created_at === 'string' &&
    typeof value.read === 'boolean' &&
    typeof value.actionable === 'boolean'
  );
}
const readUnread = (body: Body): number | undefined => (typeof body.unread === 'number' ? body.unread : undefined);

export const fetchUnreadCount = () => call('GET', '/api/notifications/unread', undefined, readUnread);

export const fetchNotifications = () =>
  call(
    'GET',
    '/api/notifications',
    undefined,
    (body) => {
      const unread = readUnread(body);
      return Array.isArray(body.notifications) && body.notifications.every(isAppNotification) && unread !== undefined
        ? { notifications: body.notifications, unread }
        : undefined;
    },
    { loadsData: true },
  );

/** Marks the given notifications read (all without ids); `data` is the unread count left. */
export const markNotificationsRead = (ids?: number[]) =>
  call('POST', '/api/notifications/read', ids ? { ids } : {}, readUnread, { needsSuccess: true });

/** "Done" or "Snooze 10 min" on a reminder in the bell; `data.message` says what happened. */
export const actOnNotification = (id: number, action: 'done' | 'snooze') =>
  call(
    'POST',
    '/api/notifications/act',
    { id, action },
    (body) =>
      typeof body.message === 'string' && isAppNotification(body.notification)
        ? { message: body.message, notification: body.notification }
        : undefined,
    { needsSuccess: true },
  );

// Text messages (SMS)

/** Where the server says whether it can send text messages (an SMS provider is set up). */
export const smsConfigUrl = '/api/sms/config';

/** `GET /api/sms/config`'s answer: `{ configured }`, or null for an answer of another shape. */
export function readSmsConfig(body: unknown): { configured: boolean } | null {
  return isObject(body) && typeof body.configured === 'boolean' ? { configured: body.configured } : null;
}

// Web push (the devices that receive push notifications)

export interface PushConfig {
  /** False when the server has no VAPID keys: push cannot be turned on. */
  configured: boolean;
  public_key: string | null;
}

/** A browser that turned push notifications on. */
export interface PushDevice {
  id: number;
  name: string;
  endpoint: string;
  created_at: string;
  last_sent_at: string | null;
}

function isPushDevice(value: unknown): value is PushDevice {
  return (
    isObject(value) &&
    typeof value.id === 'number' &&
    typeof value.name === 'string' &&
    typeof value.endpoint === 'string' &&
    typeof value.created_at === 'string' &&
    (value.last_sent_at === null || typeof value.last_sent_at === 'string')
  );
}

export const fetchPushConfig = () =>
  call('GET', '/api/push/config', undefined, (body): PushConfig | undefined =>
    typeof body.configured === 'boolean' && (body.public_key === null || typeof body.public_key === 'string')
      ? { configured: body.configured, public_key: body.public_key }
      : undefined,
  );

export const fetchPushDevices = () =>
  call(
    'GET',
    '/api/push/subscriptions',
    undefined,
    (body) =>
      Array.isArray(body.subscriptions) && body.subscriptions.every(isPushDevice) ? body.subscriptions : undefined,
    { loadsData: true },
  );

/** `subscription` is `PushSubscription.toJSON()` of this browser. */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}
/** `replaces`: this browser's previous endpoint (its subscription changed), which the server removes. */
export const savePushDevice = (subscription: PushSubscriptionInput, name: string, replaces?: string) =>
  call(
    'POST',
    '/api/push/subscribe',
    { endpoint: subscription.endpoint, keys: subscription.keys, name, ...(replaces ? { replaces } : {}) },
    (body) => (isPushDevice(body.subscription) ? body.subscription : undefined),
    { needsSuccess: true },
  );

export const removePushDevice = (id: number) =>
  call('POST', '/api/push/unsubscribe', { id }, readSuccess, { needsSuccess: true });

/** Queues a test push to every device of the account; `data` is how many. */
export const sendTestPush = () =>
  call('POST', '/api/push/test', {}, (body) => (typeof body.queued === 'number' ? body.queued : undefined), {
    needsSuccess: true,
  });
