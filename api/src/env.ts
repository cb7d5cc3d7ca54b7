import { z } from 'zod';

const defaultOrigins = ['http://localhost:3000', ...[3001, 3002, 3003, 3004, 3005].map((port) => `http://localhost:${port}`)];

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default('.data/pglite'),
  /** Uploaded images on disk, beside PGlite's folder; a deploy with object storage passes its own BlobStore instead. */
  UPLOADS_DIR: z.string().default('.data/uploads'),
  /** Megabytes of images one account may keep (each image is at most 10 MB). */
  UPLOAD_QUOTA_MB: z.coerce.number().positive().max(1_000_000).default(250),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Lifeboard <no-reply@lifeboard.local>'),
  CORS_ORIGINS: z
    .string()
    .default(defaultOrigins.join(','))
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean)),
  APP_URL: z.string().url().default('http://localhost:3000'),
  DEMO_PASSWORD: z.string().min(10).optional(),
  /**
   * Calendar subscriptions fetch addresses users type. Loopback (this machine) is refused unless this is on:
   * `pnpm start` turns it on so a feed served locally can be tried; a deploy leaves it off. Private and
   * link-local addresses are always refused.
   */
  CALENDAR_FETCH_ALLOW_LOOPBACK: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1'),
  CALENDAR_FETCH_MAX_MB: z.coerce.number().positive().max(100).default(10),
  CALENDAR_FETCH_TIMEOUT_S: z.coerce.number().positive().max(120).default(15),
  /** How old a subscription's last fetch may be before the refresher fetches it again; 0 turns the refresher off. */
  CALENDAR_REFRESH_MINUTES: z.coerce.number().min(0).max(24 * 60).default(30),
});

export type Env = z.infer<typeof envSchema>;

/** Parses the environment once; on failure prints every problem and exits (the server cannot run misconfigured). */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    for (const issue of result.error.issues) console.error(`env ${issue.path.join('.')}: ${issue.message}`);
    process.exit(1);
  }
  return result.data;
}

/** The settings tests and tools use when they do not care: defaults only. */
export function defaultEnv(overrides: Partial<Record<keyof Env, string>> = {}): Env {
  return envSchema.parse(overrides);
}
