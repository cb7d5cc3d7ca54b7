import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'creator', 'admin'] })
      .notNull()
      .default('user'),
    defaultBoardId: integer('default_board_id'),
    completedOnboardingAt: instant('completed_onboarding_at'),
    phoneNumber: text('phone_number'),
    tagline: text('tagline'),
    showTagline: boolean('show_tagline').notNull().default(false),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    sendDailyEmails: boolean('send_daily_emails').notNull().default(false),
    hasSmsEnabled: boolean('has_sms_enabled').notNull().default(false),
    usingAsUser: boolean('using_as_user').notNull().default(true),
    timezone: text('timezone').notNull().default('UTC'),
    aiModel: integer('ai_model'),
    /** Opted in to a weekly reflection over the journal and habits, written by the AI model (modules/reflection). */
    weeklyReflection: boolean('weekly_reflection').notNull().default(false),
    /** The unit weights are shown and typed in; they are stored in kg whatever it is. */
    weightUnit: text('weight_unit', { enum: ['kg', 'lb'] })
      .notNull()
      .default('kg'),
    /** What the progression adds when every set hit its reps, kg. */
    weightIncrementKg: doublePrecision('weight_increment_kg').notNull().default(2.5),
    programGuid: text('program_guid'),
    /** Set by an admin: the account's tokens answer 401 and sign-in is refused until it is cleared. */
    suspendedAt: instant('suspended_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

export const boards = pgTable(
  'boards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('boards_user_idx').on(t.userId, t.position, t.id)],
);

/** One bearer token per device; only the SHA-256 of the token is kept. */
export const tokens = pgTable(
  'tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    deviceId: text('device_id'),
    name: text('name').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('tokens_hash_idx').on(t.tokenHash), index('tokens_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [uniqueIndex('password_resets_hash_idx').on(t.tokenHash)],
);

/** No longer written: every mail goes over SMTP through the job queue (MailDev in development). Kept for old rows. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** The guided one-document pages (`/api/simple_model`), one row per board and page. */
export const simpleModels = pgTable(
  'simple_model',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    responses: jsonb('responses').$type<Record<string, string>>().notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('simple_model_board_idx').on(t.boardId, t.model)],
);

/**
 * A calendar the user connected: an ICS subscription (a secret iCal address), a CalDAV account or a Google
 * account. An ICS subscription's events are fetched by the refresher and kept here; a CalDAV or Google account's
 * calendars and events are kept in `caldav_calendar` and `caldav_object` (for Google: the calendar id, the event id
 * and the event's JSON; see calendar/google-sync.ts). Either way `/api/google/events` answers without a network call.
 */
export const calendarConnections = pgTable(
  'calendar_connection',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['ics', 'caldav', 'google'] }).notNull(),
    name: text('name').notNull().default(''),
    /** The feed's address, or the CalDAV server's. */
    url: text('url'),
    /** CalDAV: the account's user name; Google: the account's address. */
    username: text('username'),
    /**
     * CalDAV: the password; Google: the OAuth tokens. Encrypted with CALENDAR_CREDENTIALS_KEY (AES-256-GCM; see
     * calendar/credentials.ts).
     */
    secret: text('secret'),
    /** The series fetched at the last sync, recurrences unexpanded. */
    events: jsonb('events')
      .$type<FeedSeries[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    syncToken: text('sync_token'),
    lastSyncedAt: instant('last_synced_at'),
    /** Why the last refresh failed, in words a person can act on; null after a good one. */
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('calendar_connection_user_idx').on(t.userId)],
);

/** One calendar of a CalDAV account; only the selected ones are synced and shown. */
export const caldavCalendars = pgTable(
  'caldav_calendar',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    name: text('name').notNull(),
    /** The colour the server gives the calendar (#rrggbb), if any. */
    color: text('color'),
    selected: boolean('selected').notNull().default(true),
    /** The collection's ctag at the last complete sync: unchanged means nothing to fetch. */
    ctag: text('ctag'),
  },
  (t) => [uniqueIndex('caldav_calendar_url_idx').on(t.connectionId, t.url)],
);

/** One calendar object (an iCalendar resource: one event with its overrides) of a synced CalDAV calendar. */
export const caldavObjects = pgTable(
  'caldav_object',
  {
    id: serial('id').primaryKey(),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => caldavCalendars.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    etag: text('etag'),
    /** The resource's iCalendar text as the server last gave it: an edit changes it and keeps what Lifeboard does not know. */
    ics: text('ics').notNull(),
    /** Its events, parsed, recurrences unexpanded. */
    events: jsonb('events').$type<FeedSeries[]>().notNull(),
  },
  (t) => [uniqueIndex('caldav_object_url_idx').on(t.calendarId, t.url)],
);

/**
 * A number that grows whenever anything a user's calendar shows is written: their events, planned activities,
 * connected calendars and synced objects (triggers of migration 0023). A calendar answer kept under the version it
 * was read at can never be served after a change, whichever API process made the change.
 */
export const calendarVersions = pgTable('calendar_version', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** The secret address of a user's own calendar feed; revoking deletes the row. */
export const calendarFeeds = pgTable(
  'calendar_feed',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feed_token_idx').on(t.token)],
);

/** One event (or repeating series) of a connected calendar, as parsed from its feed. */
export interface FeedSeries {
  uid: string;
  title: string;
  /** An ISO instant; for an all-day event, the date at 00:00Z. */
  start: string;
  durationMs: number;
  all_day: boolean;
  rrule: string | null;
  /** Dates (`YYYY-MM-DD`) removed from the series (EXDATE). */
  exdates: string[];
  /** The IANA zone the series repeats in, when the feed names one this server knows. */
  tzid: string | null;
}

export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  all_day: boolean;
  source: 'event' | 'planned' | 'ics' | 'caldav' | 'google';
  /** Where the item lives: `event:12`, `planned:4`, `ics:3`, `caldav:7` (a CalDAV calendar object), `google:9` (a Google event). */
  series: string;
  /** The occurrence's date (`YYYY-MM-DD`) in the user's zone. */
  date: string;
  /** The RRULE of a repeating item, else null. */
  repeat: string | null;
  /** The connected calendar's name, for `ics` and `caldav` items. */
  calendar?: string;
  /** The colour a CalDAV server gives the item's calendar (#rrggbb). */
  color?: string;
  /** For `caldav` items: the synced calendar's id, where a new event on it is made. */
  calendar_id?: number;
  /** The board of an `event` or `planned` item, for edits. */
  board?: number;
  /** A planned activity that was done (it has an activity). */
  done?: boolean;
}

export const muscles = pgTable(
  'muscle',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    group: text('group').notNull(),
    side: text('side', { enum: ['front', 'back'] }).notNull(),
  },
  (t) => [uniqueIndex('muscle_name_idx').on(t.name)],
);

export const subscriptions = pgTable(
  'subscription',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: integer('program_id').notNull(),
    boardId: integer('board_id').references(() => boards.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['active', 'cancelled'] }).notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('subscription_user_idx').on(t.userId, t.programId)],
);
