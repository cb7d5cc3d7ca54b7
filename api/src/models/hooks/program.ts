import { randomBytes } from 'node:crypto';
import { forbidden } from '../../errors';
import type { HookContext, ModelHooks, RecordData } from '../model-hooks';

/** A program goes public only through an admin's review (`/api/admin/programs/review`): "publish" asks for one. */
function reviewed(ctx: HookContext, data: RecordData, current?: RecordData): RecordData {
  if (ctx.role === 'admin' || data.status !== 'published' || current?.status === 'published') return data;
  return { ...data, status: 'review' };
}

/**
 * A new program gets a public guid, made here and never taken from the client (`serverOwned`), so one user
 * cannot give a program another's guid and take over its links; a unique index backs it (migration 0007).
 * Only creators and admins make programs, and a creator's "published" means "in review".
 * Like every model, `/api/program/*` reads only the caller's own programs; the published catalogue of
 * everyone's programs is `/api/program/published` (modules/programs).
 */
export const programHooks: ModelHooks = {
  beforeCreate: (ctx, data) => {
    if (ctx.role !== 'creator' && ctx.role !== 'admin')
      throw forbidden('Only creators make programs: turn on creator mode in your account first.');
    return reviewed(ctx, {
      status: 'draft',
      price_cents: 0,
      currency: 'USD',
      template: {},
      ...data,
      guid: randomBytes(12).toString('base64url'),
    });
  },
  createErrors: [403],
  beforeUpdate: (ctx, changes, current) => reviewed(ctx, changes, current),
};
