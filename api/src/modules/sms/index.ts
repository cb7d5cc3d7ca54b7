import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Whether text messages are set up: screens offer SMS (the reminder channel, the account's switch) only when they are. */
export async function smsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/sms/config',
    {
      schema: {
        tags: ['sms'],
        summary: 'Whether text messages (SMS) are set up on this server (SMS_* settings)',
        response: { 200: z.object({ success: z.literal(true), configured: z.boolean() }) },
      },
      onRequest: app.authenticate,
    },
    async () => ({ success: true as const, configured: app.sms !== null }),
  );
}
