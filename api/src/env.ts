import { z } from 'zod';

const defaultOrigins = ['http://localhost:3000', ...[3001, 3002, 3003, 3004, 3005].map((port) => `http://localhost:${port}`)];

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default('.data/pglite'),
  /** Uploaded images on disk, beside PGlite's folder; a deploy with object storage passes its own BlobStore instead. */
  UPLOADS_DIR: z.string().default('.data/uploads'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Lifeboard <no-reply@lifeboard.local>'),
  CORS_ORIGINS: z
    .string()
    .default(defaultOrigins.join(','))
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean)),
  APP_URL: z.string().url().default('http://localhost:3000'),
  DEMO_PASSWORD: z.string().min(10).optional(),
  /** Payments: Stripe when both are set (Checkout Sessions and webhooks), otherwise the built-in test provider. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API address (a local stand-in such as stripe-mock); Stripe's own by default. */
  STRIPE_API_URL: z.string().url().optional(),
  /** Signs the test provider's payment events; a new random one each start when unset (they are made and checked in-process). */
  PAYMENTS_TEST_SECRET: z.string().min(16).optional(),
  /** The platform's share of each sale, in percent of the price without tax. */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** The card processor's fee: a percent of the price plus a fixed amount in minor units (Stripe's 2.9% + 30c by default). */
  PROCESSING_FEE_PERCENT: z.coerce.number().min(0).max(100).default(2.9),
  PROCESSING_FEE_FIXED_CENTS: z.coerce.number().int().min(0).max(10_000).default(30),
  /** Sales tax included in prices, in percent; 0 means none is configured. */
  TAX_PERCENT: z.coerce.number().min(0).max(100).default(0),
  /** Days a buyer may be refunded; a sale's net becomes available to the creator after them. */
  REFUND_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(14),
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
