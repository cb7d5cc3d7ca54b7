import { z } from './zod';
import { CIPHER_PREFIX, isCiphertext, MIN_CIPHER_BYTES, recordUidPattern } from '../crypto/format';

/** Largest PostgreSQL `integer`: every id column is one, and a larger id fails in the database. */
export const MAX_DB_ID = 2_147_483_647;

/** The instants PostgreSQL and JavaScript both hold as an ISO text: years 0001–9999, UTC. */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** A calendar date `YYYY-MM-DD` that exists (no 2023-02-30), in the years 0001–9999. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number);
    // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
    const date = new Date(0);
    date.setUTCFullYear(y, m - 1, d);
    return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'is not a date that exists (years 0001–9999)');

/**
 * An instant with an offset, e.g. `2026-01-31T08:00:00.000Z`, between 0001-01-01 and 9999-12-31 in UTC: an offset
 * may not carry it past either end (`9999-12-31T23:00:00-02:00` is in the year 10000).
 */
export const isoInstant = z.iso
  .datetime({ offset: true, message: 'must be an ISO date-time with a time zone' })
  .refine((value) => {
    const time = Date.parse(value);
    return time >= FIRST_INSTANT && time <= LAST_INSTANT;
  }, 'must be between the years 0001 and 9999 (UTC)');

/** A time of day `HH:MM`. */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM');

export const shortText = (max = 200) => z.string().trim().max(max, `must be at most ${max} characters`);
export const title = (max = 200) => shortText(max).min(1, 'is required');
export const longText = (max = 20_000) => z.string().max(max, `must be at most ${max} characters`);
/** Editor HTML: generous, but bounded so a body cannot fill the database. */
export const richText = z.string().max(1_000_000, 'must be at most 1,000,000 characters');
export const idRef = z.number().int().positive().nullable();
export const idList = z.array(z.number().int().positive()).max(500);
export const tagList = z.array(shortText(60)).max(50);
export const position = z.number().int().min(0).max(1_000_000);
export const rating = z.number().int().min(1, 'must be between 1 and 5').max(5, 'must be between 1 and 5');
export const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #3366ff');
export const url = z
  .string()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an http(s) address');
export const weekdays = z.array(z.number().int().min(0).max(6)).max(7);
/** An iCalendar recurrence rule body, e.g. `FREQ=WEEKLY;BYDAY=MO,WE`. */
export const rrule = z
  .string()
  .max(500)
  .regex(
    /^(RRULE:)?FREQ=(SECONDLY|MINUTELY|HOURLY|DAILY|WEEKLY|MONTHLY|YEARLY)(;[A-Z]+=[A-Z0-9,+-]+)*$/,
    'must be a recurrence rule like FREQ=WEEKLY;BYDAY=MO',
  );
export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);
export const steps = z
  .array(z.object({ title: title(200), duration_min: z.number().int().min(0).max(1440).optional() }).strict())
  .max(100);

/** Whether a record's title and body are ciphertext (shared/src/crypto/README.md); set by the browser. */
export const encryptedFlag = z.boolean();
/** The random id a device gives a record it encrypts, bound into each field's AAD; null on plain records. */
export const recordUid = z.string().regex(recordUidPattern, 'must be 22 base64url characters').nullable();

/**
 * A field the browser may send encrypted: plain text as `plain` checks it, or the ciphertext of such a text (at
 * most four bytes a character, then base64url). Which one a record must hold is the engine's check
 * (`encrypted`); here only the shape.
 */
export function sealable(plain: z.ZodString) {
  const plainMax = plain.maxLength ?? 1_000_000;
  const cipherMax = CIPHER_PREFIX.length + Math.ceil(((plainMax * 4 + MIN_CIPHER_BYTES) * 4) / 3);
  return z
    .string()
    .overwrite((value) => {
      if (isCiphertext(value)) return value;
      const parsed = plain.safeParse(value);
      return parsed.success ? parsed.data : value;
    })
    .superRefine((value, ctx) => {
      if (isCiphertext(value)) {
        if (value.length > cipherMax) ctx.addIssue({ code: 'custom', message: 'is too long' });
        return;
      }
      const parsed = plain.safeParse(value);
      if (!parsed.success)
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    });
}
