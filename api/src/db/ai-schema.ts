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
