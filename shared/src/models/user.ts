import { z } from './zod';
import { MAX_DB_ID, isoInstant } from './fields';
import { roles } from './roles';
import { isTimeZone } from '../lib/time-zone';

export { roles, type Role } from './roles';

const isIanaZone = (zone: string) => isTimeZone(zone) && (zone.includes('/') || zone === 'UTC');

/** `lat,lon` as one comma string, each in range (spec §7: split from a comma string). */
export const locationString = z
  .string()
  .regex(/^\s*-?\d{1,3}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/, 'must be "lat,lon", e.g. "51.5,-0.12"')
  .refine((value) => {
    const [lat, lon] = value.split(',').map(Number);
    return Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  }, 'latitude must be within ±90 and longitude within ±180');

/**
 * A phone number in E.164 (`+447700900123`), the form SMS providers take. Typed as people write it ("+44 7700 900123",
 * "+1 (415) 555-0123"): spaces, dots, dashes and brackets are dropped; the country code is required.
 */
export const phoneNumber = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s().\-\u00a0]/g, ''))
  .pipe(
    z
      .string()
      .regex(
        /^\+[1-9]\d{6,14}$/,
        'must be an international number: + and the country code, then the number, e.g. +44 7700 900123',
      ),
  );

/** The fields of spec §3 a user may change through `/api/user/update`, one at a time. */
export const userUpdateFields = {
  name: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  phone_number: phoneNumber.nullable(),
  tagline: z.string().trim().max(160, 'must be at most 160 characters').nullable(),
  show_tagline: z.boolean(),
  location: locationString.nullable(),
  send_daily_emails: z.boolean(),
  has_sms_enabled: z.boolean(),
  using_as_user: z.boolean(),
  timezone: z.string().max(64).refine(isIanaZone, 'must be an IANA time zone such as Europe/London'),
  ai_model: z.number().int().positive().max(MAX_DB_ID, `must be at most ${MAX_DB_ID}`).nullable(),
  completed_onboarding_at: isoInstant.nullable(),
  default_board_id: z.number().int().positive().max(MAX_DB_ID, `must be at most ${MAX_DB_ID}`),
  /** The unit weights are shown and typed in (they are stored in kg). */
  weight_unit: z.enum(['kg', 'lb'], 'must be kg or lb'),
  /** What the progression adds, kg. */
  weight_increment_kg: z.number().positive('must be more than 0').max(50, 'must be at most 50 kg'),
} as const;

export type UserUpdateField = keyof typeof userUpdateFields;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  default_board_id: z.number().int().nullable(),
  boards: z.array(z.object({ id: z.number().int(), name: z.string() })),
  completed_onboarding_at: z.string().nullable(),
  phone_number: z.string().nullable(),
  tagline: z.string().nullable(),
  show_tagline: z.boolean(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  send_daily_emails: z.boolean(),
  has_sms_enabled: z.boolean(),
  using_as_user: z.boolean(),
  timezone: z.string(),
  ai_model: z.number().int().nullable(),
  // Optional on the wire type so older clients' users still parse; the API always sends them.
  weight_unit: z.enum(['kg', 'lb']).optional(),
  weight_increment_kg: z.number().optional(),
});
export type User = z.infer<typeof userSchema>;

export const password = z.string().min(10, 'must be at least 10 characters').max(200, 'must be at most 200 characters');
export const email = z.string().trim().toLowerCase().max(254).pipe(z.email('must be an e-mail address'));

export const registerBody = z
  .object({
    name: z.string().trim().min(1, 'is required').max(120),
    email,
    password,
    program_guid: z.string().max(64).optional(),
    as_creator: z.boolean().optional(),
    /** The token of an e-mailed invitation link (`?invitation=`); a pending one is marked accepted. */
    invitation: z.string().max(200).optional(),
  })
  .strict();
export const loginBody = z
  .object({ email, password: z.string().min(1, 'is required').max(200), device_id: z.uuid().optional() })
  .strict();
