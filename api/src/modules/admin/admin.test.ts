import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, testDatabase, uniqueEmail } from '../../../test/helpers';
import { makeAdmin } from '../../cli/admin-create';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('admin guard', () => {
  it('refuses non-admins with 403 and signed-out callers with 401', async () => {
    const user = await signUp(app);
    expect((await user.get('/api/admin/users')).statusCode).toBe(403);
    expect((await user.post('/api/admin/users/role', { id: user.id, role: 'admin' })).statusCode).toBe(403);
    expect((await user.get('/api/user')).json().user.role).toBe('user');
    expect((await app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });

  it('the CLI makes an admin, who can then list users and change roles', async () => {
    const [admin, user] = await Promise.all([signUp(app), signUp(app)]);
    expect(await makeAdmin(await testDatabase(), admin.email.toUpperCase())).toBe(`${admin.email} is now an admin.`);
    const list = (await admin.get(`/api/admin/users?after=${user.id - 1}`)).json();
    expect(list.users[0]).toMatchObject({ id: user.id, email: user.email, role: 'user' });
    expect(list.users[0]).not.toHaveProperty('password_hash');
    expect((await admin.post('/api/admin/users/role', { id: user.id, role: 'creator' })).json()).toEqual({ success: true, user: { id: user.id, email: user.email, role: 'creator' } });
    expect((await admin.post('/api/admin/users/role', { id: user.id, role: 'king' })).statusCode).toBe(422);
    expect((await admin.post('/api/admin/users/role', { id: 999_999_999, role: 'user' })).statusCode).toBe(404);
  });

  it('the CLI fails for an unknown e-mail', async () => {
    await expect(makeAdmin(await testDatabase(), uniqueEmail())).rejects.toThrow(/No user with e-mail/);
  });
});
