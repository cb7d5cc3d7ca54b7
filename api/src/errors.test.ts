import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../test/helpers';
import {
  CONFLICT_EXISTS,
  forbidden,
  installErrorHandler,
  invalid,
  isUniqueViolation,
  issuesToFields,
  notFound,
  tooManyRequests,
} from './errors';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import { errorFromResponse } from '@lifeboard/shared/api/errors';

describe('issuesToFields', () => {
  it('groups messages under keys named like Object.prototype members without touching the prototype', () => {
    const fields = issuesToFields([
      {
        path: ['params'],
        message: 'Unrecognized keys',
        code: 'unrecognized_keys',
        keys: ['constructor', 'toString', 'hasOwnProperty', '__proto__'],
      },
      { path: ['params', 'valueOf'], message: 'Required' },
      { path: ['params', 'valueOf'], message: 'Too short' },
    ]);
    expect(fields.constructor).toEqual(['is not a known field']);
    expect(fields.toString).toEqual(['is not a known field']);
    expect(fields.hasOwnProperty).toEqual(['is not a known field']);
    expect(Object.hasOwn(fields, '__proto__')).toBe(true);
    expect(fields.valueOf).toEqual(['Required', 'Too short']);
    expect(JSON.parse(JSON.stringify(fields))).toEqual(fields);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });
});

describe('the error handler and the database', () => {
  it('answers a unique violation (23505) with 409 and a safe message, and other database errors with a generic 500', async () => {
    const { db } = await testDatabase();
    await db.execute(sql`create temporary table if not exists lb_unique_probe (k text primary key)`);
    await db.execute(sql`insert into lb_unique_probe values ('taken') on conflict do nothing`);
    const duplicate = await db.execute(sql`insert into lb_unique_probe values ('taken')`).then(
      () => undefined,
      (error: unknown) => error,
    );
    const otherFailure = await db.execute(sql`select 1 / 0`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isUniqueViolation(duplicate, 'lb_unique_probe_pkey')).toBe(true);
    expect(isUniqueViolation(duplicate, 'users_email_idx')).toBe(false);
    expect(isUniqueViolation(otherFailure)).toBe(false);

    const app = Fastify();
    installErrorHandler(app);
    app.get('/duplicate', async () => {
      throw duplicate;
    });
    app.get('/other', async () => {
      throw otherFailure;
    });
    const conflict = await app.inject({ method: 'GET', url: '/duplicate' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ success: false, error: CONFLICT_EXISTS, code: 'LB-CONFLICT' });
    expect(conflict.body).not.toContain('lb_unique_probe');
    const failed = await app.inject({ method: 'GET', url: '/other' });
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('division');
    await app.close();
  });
});

describe('error codes', () => {
  it('are the client’s: the API and the browser name each failure with one code of one list', () => {
    for (const [error, status] of [
      [invalid({ name: ['is required'] }), 422],
      [tooManyRequests(), 429],
      [forbidden(), 403],
      [notFound(), 404],
    ] as const) {
      expect(error.code, String(status)).toBe(errorFromResponse(status, {}).code);
      expect(Object.values(errorCodes)).toContain(error.code);
    }
  });
});
