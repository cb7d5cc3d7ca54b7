import { isoDate } from '@lifeboard/shared/models/fields';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarConnections, type CalendarEvent } from '../../db/schema';
import { documented, wireSchema } from '../../openapi';
import { authOf } from '../../types';

const DAY_MS = 24 * 60 * 60 * 1000;

const calendarEvent = wireSchema<CalendarEvent>()(z.object({
  id: z.string(),
  title: z.string(),
  start: z.string().describe('An ISO date-time.'),
  end: z.string().describe('An ISO date-time.'),
  all_day: z.boolean(),
}));
/** What `/api/google/events` answers, for /api/docs only: the answer is sent as it is. */
export const calendarEvents = documented(z.object({ events: z.array(calendarEvent) })
  .meta({ description: 'The events of the last sync that overlap the range; none when no calendar is connected.' }));

/** Events of the user's connected Google calendar in a date range; not connected: no events. */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/google/events', {
    schema: {
      tags: ['calendar'], summary: 'Events of the connected calendar between two dates (inclusive)',
      body: z.object({ start_date: isoDate, end_date: isoDate }).strict().refine((b) => b.start_date <= b.end_date, { message: 'must not be after end_date', path: ['start_date'] }),
      response: { 200: calendarEvents },
    },
    onRequest: app.authenticate,
  }, async (request) => {
    const [connection] = await app.db.select({ events: calendarConnections.events }).from(calendarConnections)
      .where(eq(calendarConnections.userId, authOf(request).userId)).limit(1);
    if (!connection) return { events: [] };
    const from = Date.parse(request.body.start_date);
    const to = Date.parse(request.body.end_date) + DAY_MS;
    // An event belongs to the range when it overlaps it.
    const events = connection.events.filter((event) => Date.parse(event.start) < to && Date.parse(event.end) >= from);
    return { events };
  });
}
