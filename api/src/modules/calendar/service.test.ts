import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, testDatabase } from '../../../test/helpers';
import type { Db } from '../../db/client';
import { calendarConnections } from '../../db/schema';
import { markSynced } from './service';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  app = await createTestApp();
  db = (await testDatabase()).db;
});
afterAll(() => app.close());

describe('a connection marked synced', () => {
  it('keeps the sync that started last, with its error, whichever of two overlapping syncs ends last', async () => {
    const user = await signUp(app);
    const [connection] = await db
      .insert(calendarConnections)
      .values({ userId: user.id, provider: 'caldav', name: 'Work' })
      .returning();
    const stored = async () =>
      (await db.select().from(calendarConnections).where(eq(calendarConnections.id, connection.id)))[0];
    const earlier = new Date('2026-05-01T09:00:00.000Z');
    const later = new Date('2026-05-01T09:00:05.000Z');
    await markSynced(db, connection.id, earlier, null);
    expect((await stored()).lastSyncedAt).toEqual(earlier);
    // "Sync now" started later and ended first; the queued sync that read the server before it ends after.
    await markSynced(db, connection.id, later, 'the server refused the connection');
    await markSynced(db, connection.id, earlier, null);
    expect(await stored()).toMatchObject({ lastSyncedAt: later, lastError: 'the server refused the connection' });
    await markSynced(db, connection.id, new Date('2026-05-01T09:01:00.000Z'), null);
    expect(await stored()).toMatchObject({ lastSyncedAt: new Date('2026-05-01T09:01:00.000Z'), lastError: null });
  });
});
