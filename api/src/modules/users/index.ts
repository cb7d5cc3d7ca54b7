import { userUpdateFields } from '@lifeboard/shared/models/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { choosableModels } from '../ai/providers';
import { invalid, notFound } from '../../errors';
import { authOf } from '../../types';
import { errorsOf } from '../../openapi';
import { findOwnBoard } from '../boards/service';
import { loadUser } from './present';
import { activeDevices, revokeDevice, updateUser, type UserChanges } from './service';
import { currentUser, devices, onboarded, succeeded, userUpdated } from './responses';
import { dbId } from '../../ids';
import { encryptionRoutes } from './encryption';
import { accountDataRoutes } from './account-data';

const updateBody = z
  .object(userUpdateFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length === 1, 'send exactly one field to change');

/** Maps the one wire field to its columns (`location` "lat,lon" becomes lat and lon). */
function toColumns(body: z.infer<typeof updateBody>): UserChanges {
  const [[field, value]] = Object.entries(body);
  switch (field) {
    case 'location': {
      if (value === null) return { lat: null, lon: null };
      const [lat, lon] = String(value).split(',').map(Number);
      return { lat, lon };
    }
    case 'completed_onboarding_at':
      return { completedOnboardingAt: value === null ? null : new Date(String(value)) };
    case 'name':
      return { name: body.name };
    case 'phone_number':
      return { phoneNumber: body.phone_number };
    case 'tagline':
      return { tagline: body.tagline };
    case 'show_tagline':
      return { showTagline: body.show_tagline };
    case 'send_daily_emails':
      return { sendDailyEmails: body.send_daily_emails };
    case 'has_sms_enabled':
      return { hasSmsEnabled: body.has_sms_enabled };
    case 'using_as_user':
      return { usingAsUser: body.using_as_user };
    case 'timezone':
      return { timezone: body.timezone };
    case 'ai_model':
      return { aiModel: body.ai_model };
    case 'default_board_id':
      return { defaultBoardId: body.default_board_id };
    case 'weight_unit':
      return { weightUnit: body.weight_unit };
    case 'weight_increment_kg':
      return { weightIncrementKg: body.weight_increment_kg };
    default:
      throw invalid({ [field]: ['is not a known field'] });
  }
}

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user',
    {
      schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: currentUser } },
      onRequest: app.authenticate,
    },
    async (request) => ({
      user: await loadUser(app.db, authOf(request).userId),
    }),
  );

  api.post(
    '/api/user/update',
    {
      schema: {
        tags: ['account'],
        summary: 'Change exactly one user field',
        body: updateBody,
        response: { 200: userUpdated },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      if (request.body.default_board_id !== undefined) {
        if (!(await findOwnBoard(app.db, userId, request.body.default_board_id)))
          throw invalid({ default_board_id: ['is not one of your boards'] });
      }
      const aiModel = request.body.ai_model;
      if (aiModel !== undefined && aiModel !== null) {
        const models = await choosableModels(app);
        if (!models.some((model) => model.id === aiModel))
          throw invalid({
            ai_model: [
              models.length ? 'is not one of the enabled AI models' : 'cannot be chosen: no AI model is set up',
            ],
          });
      }
      if (request.body.has_sms_enabled === true) {
        if (!app.sms)
          throw invalid({ has_sms_enabled: ['cannot be turned on: this Lifeboard has no SMS provider set up'] });
        const { phone_number: phone } = await loadUser(app.db, userId);
        if (!phone)
          throw invalid(
            { has_sms_enabled: ['needs your phone number: add it first'] },
            'Add your phone number first, then switch on text messages.',
          );
      }
      // No number, no texts: removing it switches them off, so the switch never says texts go where none can.
      const changes =
        request.body.phone_number === null ? { phoneNumber: null, hasSmsEnabled: false } : toColumns(request.body);
      // Creator mode (spec §6: `using_as_user` false) is how an ordinary user becomes a creator; it stays one after.
      const becomesCreator = request.body.using_as_user === false && authOf(request).role === 'user';
      await updateUser(app.db, userId, becomesCreator ? { ...changes, role: 'creator' } : changes);
      if (becomesCreator) app.forgetTokens();
      return { success: true as const, user: await loadUser(app.db, userId) };
    },
  );

  api.post(
    '/api/onboarded/:val',
    {
      schema: {
        tags: ['account'],
        summary: '1 sets completed_onboarding_at, 0 clears it',
        params: z.object({ val: z.enum(['0', '1']) }),
        response: { 200: onboarded },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const onboarded = request.params.val === '1';
      await updateUser(app.db, authOf(request).userId, { completedOnboardingAt: onboarded ? new Date() : null });
      return { onboarded };
    },
  );

  api.get(
    '/api/devices',
    {
      schema: { tags: ['account'], summary: 'Signed-in devices', response: { 200: devices } },
      onRequest: app.authenticate,
    },
    async (request) => {
      const auth = authOf(request);
      const rows = await activeDevices(app.db, auth.userId);
      return {
        devices: rows.map((row) => ({
          id: row.id,
          device_id: row.deviceId,
          name: row.name,
          last_used_at: row.lastUsedAt.toISOString(),
          current: row.id === auth.tokenId,
        })),
      };
    },
  );

  api.post(
    '/api/devices/revoke',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign a device out',
        body: z.object({ id: dbId }).strict(),
        response: { 200: succeeded, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      if (!(await revokeDevice(app.db, authOf(request).userId, request.body.id))) throw notFound('No such device.');
      app.forgetTokens();
      return { success: true as const };
    },
  );

  await encryptionRoutes(app);
  await app.register(accountDataRoutes);
}
