import { lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { sharedCounters } from '../db/schema';

const table = sql.raw('"shared_counter"');
/** Database time, so processes whose clocks differ still agree on every window. */
const msUntil = (column: typeof sharedCounters.expiresAt) =>
  sql<number>`greatest(0, (extract(epoch from (${column} - now())) * 1000))::int`.mapWith(Number);
const SWEEP_EVERY_MS = 60_000;

/**
 * Counts shared by every API process on one database (the `shared_counter` table, UNLOGGED): each count is one
 * upsert, on PostgreSQL and PGlite alike. Why not Redis: the database is already there and already shared, these
 * counts are a few small writes per sign-in or anonymous request, and a deploy then needs no service more (README).
 */
export class SharedCounters {
  private lastSweep = 0;
  /** `prefix`: put before every key, so tests sharing one PostgreSQL count apart (AppOptions.countersPrefix). */
  constructor(
    private readonly db: Db,
    private readonly prefix = '',
  ) {}

  /** A fixed window of `windowMs`: one more in `key`'s window (a new one once it ended); the count and ms left. */
  async hit(name: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    this.sweepNowAndThen();
    const key = this.prefix + name;
    const [row] = await this.db
      .insert(sharedCounters)
      .values({ key, count: 1, lastAt: sql`now()`, expiresAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: sharedCounters.key,
        set: {
          count: sql`case when ${table}.expires_at <= now() then 1 else ${table}.count + 1 end`,
          lastAt: sql`case when ${table}.expires_at <= now() then now() else ${table}.last_at end`,
          expiresAt: sql`case when ${table}.expires_at <= now() then excluded.expires_at else ${table}.expires_at end`,
        },
      })
      .returning({ count: sharedCounters.count, ttlMs: msUntil(sharedCounters.expiresAt) });
    return row ?? { count: 1, ttlMs: windowMs };
  }

  /** One more failure for `key` now; the count starts again once `forgetAfterMs` passed since the last one. */
  async bump(name: string, forgetAfterMs: number): Promise<void> {
    this.sweepNowAndThen();
    const key = this.prefix + name;
    await this.db
      .insert(sharedCounters)
      .values({
        key,
        count: 1,
        lastAt: sql`now()`,
        expiresAt: sql`now() + ${forgetAfterMs} * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: sharedCounters.key,
        set: {
          count: sql`case when ${table}.expires_at <= now() then 1 else ${table}.count + 1 end`,
          lastAt: sql`now()`,
          expiresAt: sql`excluded.expires_at`,
        },
      });
  }

  /** `key`'s count and the ms since it was last raised; null when there is none or it expired. */
  async read(name: string): Promise<{ count: number; sinceLastMs: number } | null> {
    const key = this.prefix + name;
    const [row] = await this.db
      .select({
        count: sharedCounters.count,
        sinceLastMs: sql<number>`(extract(epoch from (now() - ${sharedCounters.lastAt})) * 1000)::int`.mapWith(Number),
      })
      .from(sharedCounters)
      .where(sql`${sharedCounters.key} = ${key} and ${sharedCounters.expiresAt} > now()`);
    return row ?? null;
  }

  async clear(name: string): Promise<void> {
    const key = this.prefix + name;
    await this.db.delete(sharedCounters).where(sql`${sharedCounters.key} = ${key}`);
  }

  /** Expired rows are deleted by whichever process counts first after a minute; a failed sweep is tried again. */
  private sweepNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    void this.db
      .delete(sharedCounters)
      .where(lt(sharedCounters.expiresAt, sql`now() - interval '1 minute'`))
      .catch(() => {
        this.lastSweep = 0;
      });
  }
}

/** The route a child store is made for: its options (as typed), or their `routeInfo` (as @fastify/rate-limit 11 passes). */
function routeOf(options: object): { method?: unknown; url?: unknown } {
  const info: unknown = 'routeInfo' in options ? options.routeInfo : options;
  return typeof info === 'object' && info !== null ? info : {};
}

/**
 * @fastify/rate-limit's store on SharedCounters: each route's limit counts in its own keys (the route's method and
 * path before the client's address), so a limit holds across every process, as on one.
 */
export function sharedRateLimitStore(counters: SharedCounters): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rate:',
    ) {}

    incr(key: string, done: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      counters.hit(`${this.prefix}${key}`, timeWindow).then(
        ({ count, ttlMs }) => done(null, { current: count, ttl: ttlMs }),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const { method, url } = routeOf(routeOptions);
      return new SharedRateLimitStore(undefined, `rate:${String(method ?? '')} ${String(url ?? '')}:`);
    }
  }
  return SharedRateLimitStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts every API process on this database shares (rate limits, sign-in failures). */
    counters: SharedCounters;
  }
}

export function registerSharedCounters(app: FastifyInstance, db: Db, prefix?: string): SharedCounters {
  const counters = new SharedCounters(db, prefix);
  app.decorate('counters', counters);
  return counters;
}
