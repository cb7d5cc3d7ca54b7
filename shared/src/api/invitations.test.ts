import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeApi } from '../lib/test-fake-api';
import * as invitations from './invitations';
import { register } from './account';
import { setUnauthorizedHandler } from './client';

const api = withFakeApi();
beforeEach(() => {
  api.requests.length = 0;
});
afterEach(() => setUnauthorizedHandler(null));

const last = () => api.requests.at(-1);
const pending = {
  id: 3,
  email: 'bo@example.com',
  program_guid: null,
  sent_at: '2026-11-22T10:00:00.000Z',
  accepted_at: null,
};

describe('invitation calls', () => {
  it('fetchInvitations keeps only well-formed invitations and reports a 401 as data loading', async () => {
    api.on('GET /api/invitations', {
      body: {
        success: true,
        invitations: [
          pending,
          { id: 'x' },
          { ...pending, id: 4, program_guid: 'couch-to-5k', accepted_at: '2026-11-22T11:00:00.000Z' },
        ],
      },
    });
    const result = await invitations.fetchInvitations();
    expect(result.ok && result.data.map((i) => i.id)).toEqual([3, 4]);
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    api.on('GET /api/invitations', { status: 401, body: { message: 'Unauthenticated.' } });
    expect((await invitations.fetchInvitations()).ok).toBe(false);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('createInvitation sends e-mail and program and reads the invitation; a 422 keeps the field reasons', async () => {
    api.on('POST /api/invitations/create', {
      body: { success: true, invitation: { ...pending, program_guid: 'couch-to-5k' } },
    });
    const made = await invitations.createInvitation({ email: 'bo@example.com', program_guid: 'couch-to-5k' });
    expect(made).toEqual({ ok: true, status: 200, data: { ...pending, program_guid: 'couch-to-5k' } });
    expect(last()?.body).toEqual({ email: 'bo@example.com', program_guid: 'couch-to-5k' });
    api.on('POST /api/invitations/create', {
      status: 422,
      body: { message: 'The email must be an e-mail address.', errors: { email: ['must be an e-mail address'] } },
    });
    const refused = await invitations.createInvitation({ email: 'nope' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.status).toBe(422);
  });

  it('withdrawInvitation posts the id and needs success', async () => {
    api.on('POST /api/invitations/delete', { body: { success: true, id: 3 } });
    expect((await invitations.withdrawInvitation(3)).ok).toBe(true);
    expect(last()?.body).toEqual({ id: 3 });
    api.on('POST /api/invitations/delete', { status: 404, body: { success: false, error: 'No such invitation.' } });
    expect((await invitations.withdrawInvitation(3)).ok).toBe(false);
  });

  it('register sends the invitation token and reads the program subscription', async () => {
    const user = { id: 9, name: 'Bo' };
    api.on('POST /api/register', {
      status: 201,
      body: {
        success: true,
        token: 't',
        user,
        subscription: { program_id: 5, board: { id: 12, name: 'Couch to 5k' } },
      },
    });
    const input = {
      name: 'Bo',
      email: 'bo@example.com',
      password: 'long enough 1',
      program_guid: 'couch-to-5k',
      invitation: 'tok',
    };
    const result = await register(input);
    expect(last()?.body).toEqual(input);
    expect(result.ok && result.data.subscription).toEqual({ program_id: 5, board: { id: 12, name: 'Couch to 5k' } });
    api.on('POST /api/register', { status: 201, body: { success: true, token: 't', user, subscription: null } });
    const plain = await register({ name: 'Bo', email: 'bo@example.com', password: 'long enough 1' });
    expect(plain.ok && plain.data.subscription).toBeNull();
  });
});
