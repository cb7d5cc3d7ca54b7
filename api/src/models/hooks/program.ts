import { randomBytes } from 'node:crypto';
import type { ModelHooks } from '../registry';

/** Programs are published to everyone: list/get also read published ones; a new program gets a public guid. */
export const programHooks: ModelHooks = {
  readScope: 'board-or-published',
  beforeCreate: (_ctx, data) => ({
    status: 'draft',
    price_cents: 0,
    currency: 'USD',
    template: {},
    ...data,
    guid: typeof data.guid === 'string' ? data.guid : randomBytes(12).toString('base64url'),
  }),
};
