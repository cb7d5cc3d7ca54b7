import { userSchema } from '@lifeboard/shared/models/user';
import { z } from 'zod';
import { documented } from '../../openapi';

/** What the account calls answer (api-contract.md "Account"), for /api/docs only: answers are sent as they are. */
const user = userSchema.meta({
  description: 'The user: the fields of spec §3, role, e-mail and boards; never the password hash.',
});
const token = z.string().describe('The bearer token of this device; send it as `Authorization: Bearer <token>`.');

export const succeeded = documented(z.object({ success: z.literal(true) }).meta({ description: 'Done.' }));

export const signedIn = documented(
  z
    .object({ success: z.literal(true), token, user })
    .meta({ description: "Signed in: a new token for this device (the same device's previous token is revoked)." }),
);

export const registered = documented(
  z
    .object({
      success: z.literal(true),
      token,
      user,
      subscription: z
        .object({ program_id: z.number().int(), board: z.object({ id: z.number().int(), name: z.string() }) })
        .nullable()
        .describe('The program the account was subscribed to at sign-up (its board is the default board), else null.'),
    })
    .meta({ description: 'The account, signed in on this device.' }),
);

export const currentUser = documented(z.object({ user }).meta({ description: 'The signed-in user.' }));

export const userUpdated = documented(
  z.object({ success: z.literal(true), user }).meta({ description: 'The user after the change.' }),
);

export const onboarded = documented(
  z.object({ onboarded: z.boolean() }).meta({ description: 'Whether `completed_onboarding_at` is now set.' }),
);

export const devices = documented(
  z
    .object({
      devices: z.array(
        z.object({
          id: z.number().int().describe('What `/api/devices/revoke` takes.'),
          device_id: z.string().nullable().describe('The uuid the browser keeps, when it sent one.'),
          name: z.string().describe('From the User-Agent at sign-in.'),
          last_used_at: z.string(),
          current: z.boolean().describe("This request's own device."),
        }),
      ),
    })
    .meta({
      description: 'The signed-in devices (tokens neither revoked nor idle past 30 days), most recently used first.',
    }),
);
