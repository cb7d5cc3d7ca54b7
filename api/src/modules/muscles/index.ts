import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { muscles } from '../../db/schema';
import { documented, wireSchema } from '../../openapi';
import { allMuscles } from './catalogue';

const muscle = wireSchema<typeof muscles.$inferSelect>()(
  z.object({ id: z.number().int(), name: z.string(), group: z.string(), side: z.enum(['front', 'back']) }),
);
/** What `/api/muscle/all` answers, for /api/docs only: the answer is sent as it is. */
export const muscleList = documented(
  z.object({ success: z.literal(true), muscles: z.array(muscle) }).meta({ description: 'Every muscle, by id.' }),
);

export async function muscleRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/muscle/all',
    {
      schema: { tags: ['muscle'], summary: 'The built-in muscle catalogue', response: { 200: muscleList } },
      onRequest: app.authenticate,
    },
    async () => ({
      success: true as const,
      muscles: await allMuscles(app.db),
    }),
  );
}
