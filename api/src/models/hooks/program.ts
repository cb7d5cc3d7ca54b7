import { randomBytes } from 'node:crypto';
import type { ModelHooks } from '../registry';

/**
 * A new program gets a public guid. Like every model, `/api/program/*` reads only the caller's own programs;
 * the published catalogue of everyone's programs is `/api/program/published` (modules/programs).
 */
export const programHooks: ModelHooks = {
  beforeCreate: (_ctx, data) => ({
    status: 'draft',
    price_cents: 0,
    currency: 'USD',
    template: {},
    ...data,
    guid: typeof data.guid === 'string' ? data.guid : randomBytes(12).toString('base64url'),
  }),
};
