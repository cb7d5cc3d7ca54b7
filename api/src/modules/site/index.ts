import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const siteConfig = z.object({
  success: z.literal(true),
  /** `test`: payments are not real (the built-in test provider); every page shows a ribbon saying so. */
  payments: z.enum(['stripe', 'test']),
  /** False with MAIL=off: screens that promise mail (reset links, reminders by e-mail, invitations) say it is off. */
  mail: z.boolean(),
});

/** What every page may know about this site's setup before anyone signs in: no secrets, no addresses. */
export async function siteConfigRoutes(app: FastifyInstance): Promise<void> {
  const answer = { success: true as const, payments: app.payments.name, mail: app.env.MAIL !== 'off' };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/site/config',
    {
      schema: {
        tags: ['site'],
        summary: "This site's setup as the pages show it: payments `test` or `stripe`, and whether it sends mail",
        security: [],
        response: { 200: siteConfig },
      },
    },
    async (_request, reply) => {
      // Settings change only with a restart; a minute of caching spares a request per page load.
      void reply.header('cache-control', 'public, max-age=60');
      return answer;
    },
  );
}
