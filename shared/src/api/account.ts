import type { z } from '../models/zod';
import type { User, UserUpdateField, userUpdateFields } from '../models/user';
import type { SimpleModelName } from '../models/index';
import { failure, http, isSuccessStatus, reportUnauthorized, send } from './client';
import type { ApiResult } from './client';
import { BadResponseError, RequestRejectedError } from './errors';

/** Typed calls of api-contract.md beyond the model CRUD. Each resolves to an `ApiResult`, never rejects for HTTP. */

export interface BoardSummary {
  id: number;
  name: string;
}

export interface Device {
  id: number;
  device_id: string | null;
  name: string;
  last_used_at: string | null;
  current: boolean;
}

export interface AuthPayload {
  token: string;
  user: User;
  /**
   * Sign-up through a program link (`program_guid`): the program the new account was subscribed to and its
   * board, already the user's default. Null (or absent, on sign-in) when there was none.
   */
  subscription?: SignUpSubscription | null;
}

export interface SignUpSubscription {
  program_id: number;
  board: BoardSummary;
}

/** An e-mailed invitation as its sender sees it (never the token). */
export interface Invitation {
  id: number;
  email: string;
  program_guid: string | null;
  sent_at: string;
  /** When the invitee signed up with the link; null while pending. */
  accepted_at: string | null;
}

export interface CalendarEvent {
  id?: number | string;
  title?: string;
  /** `event`: a Lifeboard event; `planned`: a planned activity; `ics`: a subscribed calendar; `caldav`: a synced CalDAV calendar; `google`: a connected Google calendar. */
  source?: 'event' | 'planned' | 'ics' | 'caldav' | 'google';
  /** The record or subscription it comes from: `event:12`, `planned:4`, `ics:3`, `caldav:7` (the CalDAV event, for edits). */
  series?: string;
  /** The colour a CalDAV server gives the item's calendar (#rrggbb). */
  color?: string;
  /** For `caldav` items: the synced calendar's id. */
  calendar_id?: number;
  /** The occurrence's date in the user's zone. */
  date?: string;
  repeat?: string | null;
  /** A subscribed calendar's name. */
  calendar?: string;
  /** The board of an `event` or `planned` item. */
  board?: number;
  /** A planned activity that was done. */
  done?: boolean;
  /** `start`/`end`: what `/api/google/events` sends (ISO date-times); `start_at`/`end_at`: the older names. */
  start?: string;
  end?: string;
  start_at?: string;
  end_at?: string;
  all_day?: boolean;
  [key: string]: unknown;
}

export interface Muscle {
  id: number;
  name: string;
  group?: string;
  side?: 'front' | 'back';
  [key: string]: unknown;
}

export interface ProgramSubscription {
  board: BoardSummary;
}

type Body = Record<string, unknown>;

function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUser(value: unknown): value is User {
  return isObject(value) && typeof value.id === 'number';
}

function isBoard(value: unknown): value is BoardSummary {
  return isObject(value) && typeof value.id === 'number' && typeof value.name === 'string';
}

interface CallOptions {
  /** Data loading: a 401 logs the user out (spec §4). */
  loadsData?: boolean;
  /** Whether a 2xx answer must also say `success: true` (spec §5: such calls count as success only then). */
  needsSuccess?: boolean;
}

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  data: unknown,
  read: (body: Body) => T | undefined,
  options: CallOptions = {},
): Promise<ApiResult<T>> {
  const { status, body } = await send({ method, url, data });
  if (status === 401 && options.loadsData) void reportUnauthorized();
  if (!isSuccessStatus(status) || !isObject(body)) return failure(status, body);
  if (body.success === false || (options.needsSuccess && body.success !== true)) {
    return { ok: false, status, error: new RequestRejectedError(messageOrDefault(body), status, body) };
  }
  const value = read(body);
  if (value === undefined)
    return { ok: false, status, error: new BadResponseError(`Unexpected answer from ${url}.`, status, body) };
  return { ok: true, status, data: value };
}

function messageOrDefault(body: Body): string {
  if (typeof body.message === 'string' && body.message) return body.message;
  if (typeof body.error === 'string' && body.error) return body.error;
  return 'The request was not accepted.';
}

function readSubscription(value: unknown): SignUpSubscription | null {
  return isObject(value) && typeof value.program_id === 'number' && isBoard(value.board)
    ? { program_id: value.program_id, board: { id: value.board.id, name: value.board.name } }
    : null;
}

const readAuth = (body: Body): AuthPayload | undefined => {
  if (typeof body.token !== 'string' || !isUser(body.user)) return undefined;
  return 'subscription' in body
    ? { token: body.token, user: body.user, subscription: readSubscription(body.subscription) }
    : { token: body.token, user: body.user };
};

function isInvitation(value: unknown): value is Invitation {
  return (
    isObject(value) &&
    typeof value.id === 'number' &&
    typeof value.email === 'string' &&
    typeof value.sent_at === 'string' &&
    (value.program_guid === null || typeof value.program_guid === 'string') &&
    (value.accepted_at === null || typeof value.accepted_at === 'string')
  );
}
const readUser = (body: Body): User | undefined => (isUser(body.user) ? body.user : undefined);
const readSuccess = (): true => true;
const readBoard = (body: Body): BoardSummary | undefined =>
  isBoard(body.board) ? { id: body.board.id, name: body.board.name } : undefined;

// Account

export interface LoginInput {
  email: string;
  password: string;
  device_id?: string;
}
export const login = (input: LoginInput) => call('POST', '/api/login', input, readAuth, { needsSuccess: true });

/**
 * `invitation`: the token of an e-mailed invitation link; `program_guid` subscribes the new account to that program;
 * `device_id`: this browser's id (device-db), as at sign-in, so the devices page can name it.
 */
export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  program_guid?: string;
  as_creator?: boolean;
  invitation?: string;
  device_id?: string;
}
export const register = (input: RegisterInput) =>
  call('POST', '/api/register', input, readAuth, { needsSuccess: true });

export const logout = () => call('POST', '/logout', undefined, readSuccess);

/** `data` is the user, or null when the answer carries no user with an id (spec §4: signed out). */
export const fetchUser = () =>
  call('GET', '/api/user', undefined, (body): User | null => (isUser(body.user) ? body.user : null));

/** What a user field accepts, from the shared zod schema. */
export type UserFieldValue<F extends UserUpdateField> = z.input<(typeof userUpdateFields)[F]>;

/** Exactly one field (api-contract.md); `location` is `"lat,lon"`. */
export function updateUser<F extends UserUpdateField>(field: F, value: UserFieldValue<F>) {
  return call('POST', '/api/user/update', { [field]: value }, readUser, { needsSuccess: true });
}

export const sendPasswordResetEmail = (email: string) =>
  call('POST', '/api/password/email', { email }, readSuccess, { needsSuccess: true });

export interface ResetPasswordInput {
  email: string;
  token: string;
  password: string;
}
export const resetPassword = (input: ResetPasswordInput) =>
  call('POST', '/api/password/reset', input, readSuccess, { needsSuccess: true });

export interface ChangePasswordInput {
  current_password: string;
  password: string;
}
export const changePassword = (input: ChangePasswordInput) =>
  call('POST', '/api/password/change', input, readSuccess, { needsSuccess: true });

/** `data` is the server's `onboarded` flag after the call. */
export const postOnboarded = (value: boolean) =>
  call('POST', `/api/onboarded/${value ? 1 : 0}`, undefined, (body) =>
    typeof body.onboarded === 'boolean' ? body.onboarded : undefined,
  );

export const fetchDevices = () =>
  call('GET', '/api/devices', undefined, (body) =>
    Array.isArray(body.devices) ? (body.devices as Device[]) : undefined,
  );

export const revokeDevice = (id: number) =>
  call('POST', '/api/devices/revoke', { id }, readSuccess, { needsSuccess: true });

// Invitations

export interface InvitationInput {
  email: string;
  program_guid?: string;
}

/** The caller's invitations, newest first (withdrawn ones are left out). */
export const fetchInvitations = () =>
  call(
    'GET',
    '/api/invitations',
    undefined,
    (body) => (Array.isArray(body.invitations) ? body.invitations.filter(isInvitation) : undefined),
    {
      loadsData: true,
      needsSuccess: true,
    },
  );

/** E-mails an invitation; too many in an hour is a 429 (the client notifies 'Too Many Requests!'). */
export const createInvitation = (input: InvitationInput) =>
  call(
    'POST',
    '/api/invitations/create',
    input,
    (body) => (isInvitation(body.invitation) ? body.invitation : undefined),
    { needsSuccess: true },
  );

/** Withdraws a pending invitation; its link then marks nothing. */
export const withdrawInvitation = (id: number) =>
  call('POST', '/api/invitations/delete', { id }, readSuccess, { needsSuccess: true });

// Boards

export const fetchBoards = () =>
  call(
    'GET',
    '/api/board/all',
    undefined,
    (body) => (Array.isArray(body.boards) ? body.boards.filter(isBoard) : undefined),
    { loadsData: true },
  );

export const createBoard = (name: string) =>
  call('POST', '/api/board/create', { name }, readBoard, { needsSuccess: true });
export const verifyBoard = (id: number) => call('POST', '/api/board/verify', { id }, readBoard, { needsSuccess: true });
export const renameBoard = (id: number, name: string) =>
  call('POST', '/api/board/update', { id, name }, (body) => readBoard(body) ?? { id, name }, { needsSuccess: true });
export const deleteBoard = (id: number) =>
  call('POST', '/api/board/delete', { id }, readSuccess, { needsSuccess: true });

// Simple models (one document per board)

export type SimpleModelData = Record<string, unknown> | null;

export const fetchSimpleModel = (board: number, model: SimpleModelName) =>
  call(
    'POST',
    '/api/simple_model/get',
    { board, model },
    (body): SimpleModelData => (isObject(body.data) ? body.data : null),
    {
      loadsData: true,
      needsSuccess: true,
    },
  );

/** Success only when the answer has a field named after the model (spec §7). */
export const saveSimpleModel = (board: number, model: SimpleModelName, responses: Record<string, string>) =>
  call('POST', '/api/simple_model/update', { board, model, responses }, (body) =>
    model in body ? (body[model] as SimpleModelData) : undefined,
  );

// Other calls of the spec

export const fetchCalendarEvents = (startDate: string, endDate: string) =>
  call(
    'POST',
    '/api/google/events',
    { start_date: startDate, end_date: endDate },
    (body) => (Array.isArray(body.events) ? (body.events as CalendarEvent[]) : undefined),
    { loadsData: true },
  );

/** One calendar of a CalDAV account; only selected ones are synced and shown. */
export interface SyncedCalendar {
  id: number;
  name: string;
  color: string | null;
  selected: boolean;
  event_count: number;
}
export interface CalendarConnection {
  id: number;
  name: string;
  /** The feed's address, or the CalDAV server's. */
  url: string;
  provider: 'ics' | 'caldav' | 'google';
  last_synced_at: string | null;
  /** Why the last sync failed, in words to show. */
  last_error: string | null;
  event_count: number;
  /** CalDAV: the account's user name; Google: the account's address. */
  username?: string;
  /** CalDAV and Google: the account's calendars. */
  calendars?: SyncedCalendar[];
}
const isConnection = (value: unknown): value is CalendarConnection =>
  isObject(value) && typeof value.id === 'number' && typeof value.name === 'string';
const readConnection = (body: Body) => (isConnection(body.connection) ? body.connection : undefined);

export const fetchCalendarConnections = () =>
  call(
    'POST',
    '/api/calendar/connections',
    undefined,
    (body) => (Array.isArray(body.connections) ? body.connections.filter(isConnection) : undefined),
    { loadsData: true },
  );
/** Which calendar services the server can connect, and for each the settings it still needs. */
export interface ProviderSetup {
  configured: boolean;
  missing: string[];
}
export interface CalendarProviders {
  google: ProviderSetup;
  caldav: ProviderSetup;
}
const readSetup = (value: unknown): ProviderSetup | undefined =>
  isObject(value) && typeof value.configured === 'boolean' && Array.isArray(value.missing)
    ? { configured: value.configured, missing: value.missing.filter((m): m is string => typeof m === 'string') }
    : undefined;
export const fetchCalendarProviders = () =>
  call('POST', '/api/calendar/providers', undefined, (body): CalendarProviders | undefined => {
    const google = readSetup(body.google);
    const caldav = readSetup(body.caldav);
    return google && caldav ? { google, caldav } : undefined;
  });
export interface CaldavAccount {
  server_url: string;
  username: string;
  password: string;
  name?: string;
}
/** Checks the account with its server and connects it; its first sync is queued. */
export const connectCaldav = (account: CaldavAccount) =>
  call('POST', '/api/calendar/caldav/connect', account, readConnection);
export const chooseCaldavCalendars = (id: number, selected: number[]) =>
  call('POST', '/api/calendar/caldav/calendars', { id, selected }, readConnection);
/** An event on a synced CalDAV calendar: times are ISO instants; an all-day one runs from midnight UTC of its first day to midnight UTC after its last. */
export interface CaldavEventInput {
  title: string;
  start: string;
  end: string;
  all_day: boolean;
  description?: string;
}
const readCaldavEvent = (body: Body) =>
  isObject(body.event) && typeof body.event.id === 'number' ? { id: body.event.id } : undefined;
export const createCaldavEvent = (calendarId: number, event: CaldavEventInput) =>
  call('POST', '/api/calendar/caldav/events/create', { calendar_id: calendarId, ...event }, readCaldavEvent);
/**
 * One occurrence of a connected calendar's event: its start as the calendar listed it, and whether a change reaches
 * it alone or it and all later ones. Without it, a change is to the whole event (every repeat).
 */
export interface CaldavOccurrence {
  occurrence: string;
  scope: 'one' | 'future';
}
export const updateCaldavEvent = (id: number, changes: Partial<CaldavEventInput>, at?: CaldavOccurrence) =>
  call('POST', '/api/calendar/caldav/events/update', { id, ...changes, ...at }, readCaldavEvent);
export const deleteCaldavEvent = (id: number, at?: CaldavOccurrence) =>
  call('POST', '/api/calendar/caldav/events/delete', { id, ...at }, readSuccess, { needsSuccess: true });
/** The address of Google's consent page, to send the browser to; it comes back to the connections screen. */
export const startGoogleConnect = () =>
  call('POST', '/api/calendar/google/connect', undefined, (body) =>
    typeof body.url === 'string' ? body.url : undefined,
  );
/** Revokes Lifeboard's access at Google and removes the account's calendars from Lifeboard. */
export const disconnectGoogle = (id: number) =>
  call('POST', '/api/calendar/google/disconnect', { id }, readSuccess, { needsSuccess: true });
export const subscribeToCalendar = (url: string, name: string) =>
  call('POST', '/api/calendar/subscribe', { url, name }, readConnection);
export const refreshCalendarConnection = (id: number) =>
  call('POST', '/api/calendar/connections/refresh', { id }, readConnection);
export const deleteCalendarConnection = (id: number) =>
  call('POST', '/api/calendar/connections/delete', { id }, readSuccess, { needsSuccess: true });
/** The secret address of the user's own feed, made on first call. */
export const fetchCalendarFeed = () =>
  call('POST', '/api/calendar/feed', undefined, (body) => (typeof body.url === 'string' ? body.url : undefined), {
    needsSuccess: true,
  });
export const revokeCalendarFeed = () =>
  call('POST', '/api/calendar/feed/revoke', undefined, readSuccess, { needsSuccess: true });

export const fetchMuscles = () =>
  call(
    'POST',
    '/api/muscle/all',
    undefined,
    (body) => (Array.isArray(body.muscles) ? (body.muscles as Muscle[]) : undefined),
    {
      loadsData: true,
      needsSuccess: true,
    },
  );

export interface SubscribeInput {
  programId: number;
  isSubscribing: boolean;
  currentBoardId: number;
}

/** `data.board` is the board the program lives in; the server sends its id as `board` and name as `boardName`. */
export const subscribeToProgram = (input: SubscribeInput) =>
  call(
    'POST',
    '/api/program/subscribe',
    { program_id: input.programId, isSubscribing: input.isSubscribing, current_board_id: input.currentBoardId },
    (body): ProgramSubscription | undefined => {
      if (isBoard(body.board)) return { board: { id: body.board.id, name: body.board.name } };
      if (typeof body.board === 'number') {
        return { board: { id: body.board, name: typeof body.boardName === 'string' ? body.boardName : '' } };
      }
      return undefined;
    },
    { needsSuccess: true },
  );

// The account's data

/** Deletes the account and everything in it; the server checks the password and sends a confirmation mail. */
export const deleteAccount = (password: string) =>
  call('POST', '/api/user/delete', { password }, readSuccess, { needsSuccess: true });

/** `GET /api/user/export`: one zip of every board and record (`lifeboard.json`) with the uploads. */
export async function fetchAccountExport(): Promise<ApiResult<Blob>> {
  const response = await http.request<unknown>({
    method: 'GET',
    url: '/api/user/export',
    responseType: 'blob',
    keepErrorBody: true,
  });
  if (response.status === 200 && response.data instanceof Blob)
    return { ok: true, status: response.status, data: response.data };
  if (response.status === 401) void reportUnauthorized();
  return failure(response.status, null);
}

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
