import { z } from 'zod';

const defaultOrigins = ['http://localhost:3000', ...[3001, 3002, 3003, 3004, 3005].map((port) => `http://localhost:${port}`)];

/** `TRUST_PROXY`: false, true, a number of proxy hops, or a comma-separated list of proxy addresses/CIDRs. */
const trustProxy = z.string().default('false').transform((value): boolean | number | string[] => {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((part) => part.trim()).filter(Boolean);
});

export const envSchema = z.object({
  /**
   * `development` only for a developer's own machine (`pnpm start`, the e2e and bench sites): it makes the demo
   * account on an empty database. Anything else, the default included, is production behaviour.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
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
  /** The demo account's password (development only); a random one is printed when unset. */
  DEMO_PASSWORD: z.string().min(10).optional(),
  /**
   * Which proxies' X-Forwarded-For to believe, so per-address limits see the real client behind a load balancer
   * (`1` for one proxy hop). Off by default: without a proxy, a client could otherwise choose its own address.
   */
  TRUST_PROXY: trustProxy,
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
