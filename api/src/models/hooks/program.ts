import { randomBytes } from 'node:crypto';
import type { ModelHooks } from '../registry';

/**
 * A new program gets a public guid, made here and never taken from the client (`serverOwned`), so one user
 * cannot give a program another's guid and take over its links; a unique index backs it (migration 0007).
 * Like every model, `/api/program/*` reads only the caller's own programs; the published catalogue of
 * everyone's programs is `/api/program/published` (modules/programs).
 */
export const programHooks: ModelHooks = {
  beforeCreate: (_ctx, data) => ({
    status: 'draft',
    price_cents: 0,
    currency: 'USD',
    template: {},
    ...data,
    guid: randomBytes(12).toString('base64url'),
  }),
};
