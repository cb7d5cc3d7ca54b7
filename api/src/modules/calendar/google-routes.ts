import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../errors';
import { authOf } from '../../types';
import { requestSync } from './caldav';
import {
  calendarApi,
  consentUrl,
  explainGoogle,
  googleDepsOf,
  googleMissing,
  makeState,
  oauthClient,
  readState,
  revokeGrant,
  sealTokens,
} from './google';
import { calendarColour, calendarName, listCalendars } from './google-sync';
import { deleteConnection, ownConnection, saveGoogleAccount } from './service';
import { findUserById } from '../auth/service';

/**
 * What the connections screen says after Google's consent page, by the `google` word the callback adds to its
 * address (the screen holds the sentences; the address carries no free text).
 */
export type GoogleOutcome = 'connected' | 'denied' | 'expired' | 'failed' | 'no-calendars' | 'too-many';

/**
 * Connecting Google Calendar with OAuth 2.0: the consent address (with a sealed, expiring `state` naming the
 * user), Google's callback (the code is exchanged for tokens, which are kept sealed; the calendars are listed
 * and the first sync queued), and disconnecting (the grant is revoked at Google, the copy deleted).
 */
export async function googleCalendarRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const google = googleDepsOf(app.db, app.env);

  api.post(
    '/api/calendar/google/connect',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "Start connecting Google Calendar: the address of Google's consent page, to open in the browser. It comes back to /api/calendar/google/callback",
        response: { 200: z.object({ url: z.string() }) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const missing = googleMissing(app.env);
      if (missing.length || !google.settings)
        throw invalid(
          { google: [`is not set up on this server: whoever runs it sets ${missing.join(' and ')}`] },
          `Google Calendar is not set up on this server: whoever runs it sets ${missing.join(' and ')} and restarts the API.`,
        );
      return { url: consentUrl(google.settings, makeState(google.box, authOf(request).userId)) };
    },
  );

  api.get(
    '/api/calendar/google/callback',
    {
      // A browser's stop between Google and the connections screen (it only redirects), like /api/reminder-action.
      schema: {
        hide: true,
        // Google adds more (scope, authuser, prompt…): they are read past, not refused.
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(2000).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const back = (outcome: GoogleOutcome) =>
        reply.redirect(`${google.settings?.returnUrl ?? `${app.env.APP_URL}/calendar/connections`}?google=${outcome}`);
      const { code, state, error } = request.query;
      const userId = state && google.box.configured ? readState(google.box, state) : null;
      if (userId === null) return back('expired');
      if (error) return back(error === 'access_denied' ? 'denied' : 'failed');
      if (!code || !google.settings) return back('failed');
      const settings = google.settings;
      if (!(await findUserById(app.db, userId))) return back('expired');
      try {
        const client = oauthClient(settings);
        const { tokens } = await client.getToken(code);
        if (!tokens.refresh_token) return back('failed');
        client.setCredentials(tokens);
        const calendars = await listCalendars(calendarApi(settings, client));
        if (calendars.length === 0) return back('no-calendars');
        // The primary calendar's id is the account's address: it names the connection.
        const account = calendars.find((entry) => entry.primary)?.id ?? calendarName(calendars[0]);
        const secret = sealTokens(google.box, userId, tokens);
        // The calendars shown in Google's own list are chosen; the others (holidays, birthdays…) wait.
        const connectionId = await saveGoogleAccount(
          app.db,
          userId,
          { username: account, secret },
          calendars.map((entry) => ({
            url: entry.id!,
            name: calendarName(entry),
            color: calendarColour(entry),
            selected: entry.primary === true || entry.selected === true,
          })),
        );
        if (connectionId === null) return back('too-many');
        await requestSync(app.queue, connectionId);
        return back('connected');
      } catch (failure) {
        app.log.warn({ reason: explainGoogle(failure).message }, 'google calendar connect failed');
        return back('failed');
      }
    },
  );

  api.post(
    '/api/calendar/google/disconnect',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "Disconnect a Google account: Lifeboard's access is revoked at Google and its copy of the calendars deleted",
        body: z.object({ id: z.number().int().positive() }).strict(),
        response: { 200: z.object({ success: z.literal(true), revoked: z.boolean() }) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const row = await ownConnection(app.db, userId, request.body.id, ['google']);
      if (!row) throw notFound('No such connected Google account.');
      const revoked = await revokeGrant(google, userId, row.secret);
      await deleteConnection(app.db, userId, row.id);
      return { success: true as const, revoked };
    },
  );
}
