import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import { idempotentRequests } from '../db/schema';
import { AppError, invalid } from '../errors';

/** How long a write's answer is kept for a repeat with its key: a day covers a phone that was offline overnight. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/** A claim with no answer after this long belongs to a process that died mid-write: the next repeat runs again. */
const ABANDONED_AFTER_MS = 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;
/** The shape the payments' checkout accepts too (modules/payments/index.ts). */
const KEY_SHAPE = /^[A-Za-z0-9_:.-]{8,200}$/;

export const STILL_RUNNING = 'This change is still being saved. Try again in a moment.';
export const KEY_REUSED = 'was already used for another change';

interface Claim {
  userId: number;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The `Idempotency-Key` this write claimed: its answer is kept for a repeat (plugins/idempotency.ts). */
    idempotency: Claim | null;
  }
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** A route that reads the header itself (the payments' checkout answers its own way): left to it. */
function handlesKeyItself(request: FastifyRequest): boolean {
  const headers: unknown = request.routeOptions.schema?.headers;
  if (!headers || typeof headers !== 'object') return false;
  const shape: unknown = 'shape' in headers ? headers.shape : undefined;
  return typeof shape === 'object' && shape !== null && 'idempotency-key' in shape;
}

/**
 * Any signed-in POST may carry an `Idempotency-Key` (the app sends one with every write it may replay: the offline
 * queue, shared/src/api/offline-queue.ts). The first write with a key runs and its answer (2xx or 4xx) is kept; a
 * repeat of the same write gets that answer again, marked `Idempotent-Replayed: true`, and runs nothing. A 5xx
 * keeps nothing, so a repeat runs again. The same key with another write is refused (422); a repeat while the first
 * is still running gets 409.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', null);
  let lastSweep = 0;

  async function claim(userId: number, key: string, hash: string): Promise<boolean> {
    const inserted = await app.db
      .insert(idempotentRequests)
      .values({ userId, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotentRequests.key });
    return inserted.length > 0;
  }

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (request.method !== 'POST' || header === undefined || !request.auth || handlesKeyItself(request)) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_SHAPE.test(key))
      throw invalid({ 'idempotency-key': ['must be 8–200 letters, digits or _ : . -'] });
    const userId = request.auth.userId;
    const hash = requestHash(request);
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await app.db
        .delete(idempotentRequests)
        .where(lt(idempotentRequests.createdAt, new Date(Date.now() - IDEMPOTENCY_KEEP_MS)));
    }
    const mine = and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key));
    let claimed = await claim(userId, key, hash);
    if (!claimed) {
      const [kept] = await app.db.select().from(idempotentRequests).where(mine).limit(1);
      if (kept && kept.requestHash !== hash) throw invalid({ 'idempotency-key': [KEY_REUSED] });
      if (kept && kept.status !== null) {
        void reply
          .code(kept.status)
          .header('content-type', kept.contentType ?? 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true');
        return reply.send(kept.body ?? '');
      }
      // Still running, or left by a process that stopped mid-write (then this repeat takes it over).
      const taken = await app.db
        .delete(idempotentRequests)
        .where(
          and(
            mine,
            isNull(idempotentRequests.status),
            lt(idempotentRequests.createdAt, sql`now() - ${ABANDONED_AFTER_MS} * interval '1 millisecond'`),
          ),
        )
        .returning({ key: idempotentRequests.key });
      claimed = taken.length > 0 && (await claim(userId, key, hash));
      if (!claimed) throw new AppError(409, errorCodes.conflict, STILL_RUNNING);
    }
    request.idempotency = { userId, key };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotency;
    if (!claimed) return payload;
    request.idempotency = null;
    const mine = and(eq(idempotentRequests.userId, claimed.userId), eq(idempotentRequests.key, claimed.key));
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (reply.statusCode >= 500 || body === null) {
      // Nothing to give a repeat (a failure, a stream): the repeat runs again.
      await app.db.delete(idempotentRequests).where(mine);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await app.db
      .update(idempotentRequests)
      .set({ status: reply.statusCode, body, contentType: typeof contentType === 'string' ? contentType : null })
      .where(mine);
    return payload;
  });
}
