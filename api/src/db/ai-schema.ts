import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core-schema';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An OpenAI-compatible endpoint an admin set up (OpenAI, a local Ollama or llama.cpp server, OpenRouter…). The key
 * is sealed with CALENDAR_CREDENTIALS_KEY (AES-256-GCM, calendar/credentials.ts) and never leaves the server.
 */
export const aiProviders = pgTable('ai_provider', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  baseUrl: text('base_url').notNull(),
  apiKey: text('api_key'),
  enabled: boolean('enabled').notNull().default(true),
  /** Requests one person may make to this provider's models a day (UTC); null: no limit. */
  dailyLimit: integer('daily_limit'),
  timeoutMs: integer('timeout_ms').notNull().default(60_000),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * A model of a provider people may choose (`users.ai_model` holds its id). Ids start at 1001 (migration), so they
 * never meet the models of the AI_* settings, whose ids are their positions 1, 2, … in AI_MODELS.
 */
export const aiModels = pgTable(
  'ai_model',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => aiProviders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('ai_model_provider_idx').on(t.providerId, t.position)],
);

/** How many AI requests a person made on a day (UTC), for the providers' daily limits. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * A weekly reflection a model wrote over a person's journal and habits: the words, and what was sent for it (the
 * counts the screen shows), so the person can see later what the model saw. Encrypted entries are never sent.
 */
export const weeklyReflections = pgTable(
  'weekly_reflection',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first and last day (the person's calendar days) the reflection looks at. */
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    text: text('text').notNull(),
    model: text('model').notNull(),
    entriesSent: integer('entries_sent').notNull(),
    entriesLeftOut: integer('entries_left_out').notNull(),
    habitsSent: integer('habits_sent').notNull(),
    /** Asked for on the screen, or written by the weekly job. */
    origin: text('origin', { enum: ['request', 'weekly'] }).notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('weekly_reflection_user_idx').on(t.userId, t.createdAt)],
);
