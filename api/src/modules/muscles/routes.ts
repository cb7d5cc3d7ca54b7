import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { muscles } from '../../db/schema';

export async function muscleRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/muscle/all', { schema: { tags: ['muscle'], summary: 'The built-in muscle catalogue' }, onRequest: app.authenticate }, async () => ({
    success: true,
    muscles: await app.db.select().from(muscles).orderBy(asc(muscles.id)),
  }));
}
