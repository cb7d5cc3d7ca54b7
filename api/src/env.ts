import { hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

const defaultOrigins = [
  'http://localhost:3000',
  ...[3001, 3002, 3003, 3004, 3005].map((port) => `http://localhost:${port}`),
];

/** `TRUST_PROXY`: false, true, a number of proxy hops, or a comma-separated list of proxy addresses/CIDRs. */
const trustProxy = z
  .string()
  .default('false')
  .transform((value): boolean | number | string[] => {
    const text = value.trim();
    if (text === '' || text === 'false') return false;
    if (text === 'true') return true;
    if (/^\d+$/.test(text)) return Number(text);
    return text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  });

export const envSchema = z
  .object({
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
    /**
     * Uploads in an S3-compatible bucket when S3_BUCKET is set (several processes then share them); otherwise on disk
     * in UPLOADS_DIR. S3_ENDPOINT for a server other than AWS (MinIO, Ceph…), with path-style addresses by default.
     * Without the key pair the SDK's usual sources (AWS_* variables, an instance role) are used.
     */
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /** Prefix of every key in the bucket (e.g. `lifeboard/`), so one bucket can serve several sites. */
    S3_PREFIX: z.string().default(''),
    /** Requests a minute one address may send without a valid token (sign-in pages, public shared pages). */
    ANONYMOUS_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
    /** Accounts one address may create a minute (`POST /api/register`). */
    SIGNUPS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
    /** Megabytes of images one account may keep (each image is at most 10 MB). */
    UPLOAD_QUOTA_MB: z.coerce.number().positive().max(1_000_000).default(250),
    /**
     * Where mail goes; by default MailDev, the development inbox `pnpm start` runs (web inbox on http://localhost:1080).
     * Outside development it must be set, or mail turned off with MAIL=off (statedChoicesMissing).
     */
    SMTP_URL: z.string().default('smtp://127.0.0.1:1025?ignoreTLS=true'),
    /** `off`: this site sends no mail (it is dropped, and the screens that promise mail say so); `on` sends to SMTP_URL. */
    MAIL: z.enum(['on', 'off']).default('on'),
    MAIL_FROM: z.string().default('Lifeboard <no-reply@lifeboard.local>'),
    /** How often an idle worker looks for new jobs (pg-boss polling), in seconds. */
    QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    /**
     * Where this process runs the queue's jobs and scans: `inline` on the event loop that answers requests, `thread`
     * in a worker thread of its own (PostgreSQL only: it opens its own connections), so mail, pushes and scans never
     * hold up an answer; `off` runs none (another process does). `auto`: `thread` on PostgreSQL, `inline` on PGlite,
     * whose one in-process database a thread can't share.
     */
    JOB_WORKERS: z.enum(['auto', 'inline', 'thread', 'off']).default('auto'),
    /**
     * On SIGTERM, how long the API keeps its connections open answering new requests 503 (`Connection: close`, so a
     * proxy retries elsewhere) while those in flight finish; then it closes. Keep it under the orchestrator's grace
     * period (Docker: 10 s). `pnpm start` (development) stops at once.
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).optional(),
    /** How often each API process looks for reminders coming due (it queues the next minute's), in seconds. */
    REMINDER_SCAN_SECONDS: z.coerce.number().min(1).max(60).default(20),
    /**
     * Signs the "Done" and "Snooze" links of reminders. Set it (32+ characters) when several API processes run
     * or links must survive a restart; without it each process makes a random one at start.
     */
    ACTION_LINK_SECRET: z.string().min(32).optional(),
    /**
     * The one secret the others are derived from (HKDF-SHA256, one label each) when they are not set themselves:
     * ACTION_LINK_SECRET, PAYMENTS_TEST_SECRET and CALENDAR_CREDENTIALS_KEY. 32+ characters (`openssl rand -base64 32`);
     * every process of one site shares it. Changing it voids reminder links and stored CalDAV passwords.
     */
    APP_SECRET: z.string().min(32).optional(),
    /**
     * Turns on `GET /metrics` (Prometheus text format), answered only to `Authorization: Bearer <METRICS_TOKEN>`;
     * unset, there is no such page. 24+ characters (`openssl rand -base64 32`).
     */
    METRICS_TOKEN: z.string().min(24).optional(),
    /** The name `/api/health/ready` gives this process (`instance.name`); the machine's host name by default. */
    INSTANCE_NAME: z.string().min(1).max(200).optional(),
    /**
     * Web push (VAPID): all three set turns push notifications on; without them the Devices page says push is not
     * set up. `npx web-push generate-vapid-keys` makes a key pair; `pnpm start` makes development keys when unset.
     * The subject is a `mailto:` or `https:` address push services can reach the sender at.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,90}$/, 'is not a URL-safe base64 P-256 public key')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,45}$/, 'is not a URL-safe base64 P-256 private key')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: address')
      .optional(),
    CORS_ORIGINS: z
      .string()
      .default(defaultOrigins.join(','))
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    APP_URL: z.string().url().default('http://localhost:3000'),
    /** The API's own public address, for links in e-mails that the API answers itself (a reminder's "Done"). */
    PUBLIC_API_URL: z.string().url().default('http://localhost:4000'),
    /** The demo account's password (development only); a random one is printed when unset. */
    DEMO_PASSWORD: z.string().min(10).optional(),
    /**
     * Which proxies' X-Forwarded-For to believe, so per-address limits see the real client behind a load balancer
     * (`1` for one proxy hop). Off by default: without a proxy, a client could otherwise choose its own address.
     */
    TRUST_PROXY: trustProxy,
    /**
     * Calendar subscriptions fetch addresses users type. Loopback (this machine) is refused unless this is on:
     * `pnpm start` turns it on so a feed served locally can be tried; a deploy leaves it off. Private and
     * link-local addresses are always refused.
     */
    CALENDAR_FETCH_ALLOW_LOOPBACK: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    CALENDAR_FETCH_MAX_MB: z.coerce.number().positive().max(100).default(10),
    CALENDAR_FETCH_TIMEOUT_S: z.coerce.number().positive().max(120).default(15),
    /** How old a subscription's last fetch (or a CalDAV account's last sync) may be before it is fetched again; 0 turns that off. */
    CALENDAR_REFRESH_MINUTES: z.coerce
      .number()
      .min(0)
      .max(24 * 60)
      .default(30),
    /**
     * Encrypts CalDAV passwords at rest (AES-256-GCM): 32 random bytes as base64 or hex (`openssl rand -base64 32`).
     * Without it CalDAV accounts cannot be connected and the connections screen says so; `pnpm start` makes a
     * development key. Changing it makes stored passwords unreadable: people then type theirs again.
     */
    CALENDAR_CREDENTIALS_KEY: z
      .string()
      .refine((value) => {
        const text = value.trim();
        return /^[0-9a-f]{64}$/i.test(text) || Buffer.from(text, 'base64').length === 32;
      }, 'must be 32 bytes as base64 or hex (openssl rand -base64 32)')
      .optional(),
    /**
     * Google Calendar: an OAuth client (Google Cloud Console → APIs & Services → Credentials, "Web application").
     * Until both are set, the connect button on /calendar/connections says so.
     */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /**
     * Where Google's OAuth 2.0 pages and endpoints are (`/o/oauth2/v2/auth`, `/token`, `/revoke` under it), and its
     * REST APIs (`/calendar/v3/…`): Google's own by default. The tests and e2e point both at a local stand-in.
     */
    GOOGLE_OAUTH_BASE_URL: z.string().url().optional(),
    GOOGLE_API_BASE_URL: z.string().url().optional(),
    /**
     * `stripe` (needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) or `test`, the built-in provider whose card
     * 4242 4242 4242 4242 "pays": its routes exist only then, and the site shows a test-mode ribbon. Outside
     * development it must be stated; in development it is Stripe when both keys are set, else `test`.
     */
    PAYMENTS_PROVIDER: z.enum(['stripe', 'test']).optional(),
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
    /**
     * The AI provider (any OpenAI-compatible chat-completions API), as text: `modules/ai/config.ts` reads it, and a
     * wrong value turns AI off with a message saying what to set instead of stopping the server.
     */
    AI_BASE_URL: z.string().optional(),
    AI_API_KEY: z.string().optional(),
    /** Comma-separated model names; a user's `ai_model` is the 1-based position in this list. */
    AI_MODELS: z.string().optional(),
    AI_TIMEOUT_MS: z.string().optional(),
    /**
     * Text messages, through a Twilio-compatible HTTP API: all three of SID, token and sender turn SMS on; without them
     * no screen offers it and the API refuses it. SMS_API_URL is Twilio's own unless another provider (or a local
     * stand-in) speaks the same protocol. SMS_FROM is the sending number (E.164) or an alphanumeric sender ID.
     */
    SMS_API_URL: z.string().url().default('https://api.twilio.com'),
    SMS_ACCOUNT_SID: z
      .string()
      .regex(/^\w{2,64}$/, 'must be the account SID, e.g. AC0123… (letters and digits)')
      .optional(),
    SMS_AUTH_TOKEN: z.string().min(1).optional(),
    SMS_FROM: z
      .string()
      .regex(
        /^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/,
        'must be a number in E.164 (+447700900123) or a sender ID of at most 11 letters and digits',
      )
      .optional(),
  })
  .superRefine((env, context) => {
    if (env.PAYMENTS_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
        if (!env[key])
          context.addIssue({ code: 'custom', path: [key], message: 'is needed with PAYMENTS_PROVIDER=stripe' });
    }
    const sms = [env.SMS_ACCOUNT_SID, env.SMS_AUTH_TOKEN, env.SMS_FROM];
    if (sms.some(Boolean) && !sms.every(Boolean)) {
      context.addIssue({
        code: 'custom',
        path: ['SMS_ACCOUNT_SID'],
        message: 'SMS needs SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM together (or none of them)',
      });
    }
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

/**
 * Outside development, the settings a deploy must state rather than leave to a default (payments, mail, the
 * secrets, the database), as one line each; empty when none is missing. Read from the raw environment, since the
 * schema's defaults would hide what was left out.
 */
export function statedChoicesMissing(source: NodeJS.ProcessEnv = process.env): string[] {
  if ((source.NODE_ENV ?? 'production') === 'development') return [];
  const set = (name: string) => Boolean(source[name]?.trim());
  const missing: string[] = [];
  const provider = source.PAYMENTS_PROVIDER;
  if (provider !== 'stripe' && provider !== 'test')
    missing.push(
      'PAYMENTS_PROVIDER: `stripe` (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) or `test` (payments are not real)',
    );
  if (provider === 'stripe')
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'])
      if (!set(key)) missing.push(`${key}: needed with PAYMENTS_PROVIDER=stripe`);
  if (!set('SMTP_URL') && source.MAIL !== 'off')
    missing.push('SMTP_URL: the mail server (smtp://user:password@host:587), or MAIL=off to send no mail');
  const derived = [
    'ACTION_LINK_SECRET',
    'CALENDAR_CREDENTIALS_KEY',
    ...(provider === 'test' ? ['PAYMENTS_TEST_SECRET'] : []),
  ];
  if (!set('APP_SECRET') && !derived.every(set))
    missing.push('APP_SECRET: 32+ random characters (openssl rand -base64 32), the secret the others are derived from');
  if (!set('DATABASE_URL') && !set('PGLITE_DIR'))
    missing.push(
      'DATABASE_URL: postgres://user:password@host/db, or PGLITE_DIR: a folder for the embedded database (one machine)',
    );
  return missing;
}

/** The server's start: the settings, or (outside development, when a choice is left to a default) one message and exit 1. */
export function loadServerEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const missing = statedChoicesMissing(source);
  if (missing.length) {
    console.error(
      `Lifeboard will not start: outside development (NODE_ENV=${source.NODE_ENV ?? 'production'}) these settings must be stated (see .env.example):\n${missing.map((line) => `  - ${line}`).join('\n')}`,
    );
    process.exit(1);
  }
  return loadEnv(source);
}

/** A secret for one use, derived from APP_SECRET (HKDF-SHA256 with the use as label): 32 bytes. */
export function derivedSecret(appSecret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'lifeboard', label, 32));
}

/**
 * The secrets a process uses: each one set itself, else derived from APP_SECRET, else (development, tests) made at
 * random here once, so the process's job thread signs and checks with the same ones as its HTTP side.
 */
export function withProcessSecrets(env: Env): Env {
  const derive = (label: string) => (env.APP_SECRET ? derivedSecret(env.APP_SECRET, label) : undefined);
  return {
    ...env,
    ACTION_LINK_SECRET: env.ACTION_LINK_SECRET ?? (derive('action-links') ?? randomBytes(32)).toString('base64url'),
    PAYMENTS_TEST_SECRET: env.PAYMENTS_TEST_SECRET ?? (derive('payments-test') ?? randomBytes(32)).toString('hex'),
    CALENDAR_CREDENTIALS_KEY: env.CALENDAR_CREDENTIALS_KEY ?? derive('calendar-credentials')?.toString('base64'),
  };
}

/** Which payment provider runs: the stated one, else (development) Stripe when both keys are set, else the test one. */
export function paymentsProviderOf(env: Env): 'stripe' | 'test' {
  if (env.PAYMENTS_PROVIDER) return env.PAYMENTS_PROVIDER;
  return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'test';
}

/** The settings tests and tools use when they do not care: defaults only. */
export function defaultEnv(overrides: Partial<Record<keyof Env, string>> = {}): Env {
  return envSchema.parse(overrides);
}
