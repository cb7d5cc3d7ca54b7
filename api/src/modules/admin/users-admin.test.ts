import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOf, asUser, createTestApp, PASSWORD, signUp, testDatabase } from '../../../test/helpers';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { defaultEnv } from '../../env';

let app: FastifyInstance;
let smtp: SmtpSink;
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lifeboard-admin-users-'));
  smtp = await startSmtpSink();
  app = await createTestApp({
    env: defaultEnv({ UPLOADS_DIR: folder, SMTP_URL: smtp.url, QUEUE_POLL_SECONDS: '0.5' }),
  });
  await app.startWork();
}, 60_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
  await rm(folder, { recursive: true, force: true });
});

function login(email: string, deviceId?: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0') {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password: PASSWORD, ...(deviceId ? { device_id: deviceId } : {}) },
  });
}

async function auditOf(admin: Awaited<ReturnType<typeof adminOf>>, query: string) {
  const answer = await admin.get(`/api/admin/audit?${query}`);
  expect(answer.statusCode).toBe(200);
  return answer.json().entries as {
    action: string;
    actor_id: number;
    target_id: string;
    detail: Record<string, unknown>;
  }[];
}

describe('admin users', () => {
  it('searches by name or e-mail', async () => {
    const admin = await adminOf(app);
    const marta = await signUp(app, { name: 'Marta Quillfeather' });
    await signUp(app, { name: 'Someone Else' });
    const found = (await admin.get('/api/admin/users?q=quillFEATHER')).json().users;
    expect(found).toEqual([expect.objectContaining({ id: marta.id, email: marta.email, suspended_at: null })]);
    const byMail = (await admin.get(`/api/admin/users?q=${encodeURIComponent(marta.email)}`)).json().users;
    expect(byMail.map((u: { id: number }) => u.id)).toEqual([marta.id]);
    // A LIKE wildcard is a character to look for, not "anything".
    expect((await admin.get('/api/admin/users?q=%25')).json().users).toEqual([]);
  });

  it("shows a user's boards, programs bought and sold, and devices, never what they wrote", async () => {
    const admin = await adminOf(app);
    const creator = await signUp(app, { name: 'Seller', as_creator: true });
    const buyer = await signUp(app, { name: 'Buyer' });
    await buyer.post('/api/board/create', { name: 'Garden' });
    await buyer.post('/api/journal_entry/create', {
      board: buyer.boardId,
      params: { title: 'Secret diary title', body: '<p>very private words</p>' },
    });
    const program = (
      await creator.post('/api/program/create', {
        board: creator.boardId,
        params: { title: 'Calm Mornings', price_cents: 0, currency: 'USD', status: 'published' },
      })
    ).json().program;
    await admin.post('/api/admin/programs/review', { id: program.id, decision: 'approve' });
    expect(
      (await buyer.post('/api/program/subscribe', { program_id: program.id, isSubscribing: true, current_board_id: 0 }))
        .statusCode,
    ).toBeLessThan(300);
    await login(buyer.email, undefined, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1');

    const view = await admin.get(`/api/admin/users/${buyer.id}`);
    expect(view.statusCode).toBe(200);
    const user = view.json().user;
    // Their own two, and the board the program was installed into.
    expect(user.boards.map((b: { name: string }) => b.name)).toEqual(['Default Board', 'Garden', expect.any(String)]);
    expect(user.programs_bought).toEqual([
      expect.objectContaining({ program_id: program.id, title: 'Calm Mornings', status: 'active' }),
    ]);
    expect(user.devices.map((d: { name: string }) => d.name)).toContain('Safari on iOS');
    expect(view.body).not.toContain('Secret diary');
    expect(view.body).not.toContain('private words');
    expect(view.body).not.toContain('password');

    const seller = (await admin.get(`/api/admin/users/${creator.id}`)).json().user;
    expect(seller.programs_sold).toEqual([
      { program_id: program.id, title: 'Calm Mornings', status: 'published', sales: 0 },
    ]);
    expect((await admin.get('/api/admin/users/999999999')).statusCode).toBe(404);
    expect((await buyer.get(`/api/admin/users/${buyer.id}`)).statusCode).toBe(403);
  });

  it("suspending stops the user's tokens at once, refuses sign-in, and resuming lets them back", async () => {
    const admin = await adminOf(app);
    const user = await signUp(app);
    // The token is checked (and cached) before the suspension.
    expect((await user.get('/api/user')).statusCode).toBe(200);
    const suspended = await admin.post('/api/admin/users/suspend', { id: user.id, suspended: true });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().user.suspended_at).toEqual(expect.any(String));

    const refused = await user.get('/api/user');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'LB-AUTH-SUSPENDED', error: expect.stringMatching(/suspended/) });
    expect((await user.post('/api/board/create', { name: 'x' })).statusCode).toBe(401);
    const signIn = await login(user.email);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ code: 'LB-AUTH-SUSPENDED' });
    // A wrong password still says only that the credentials are wrong.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'not the password at all' },
    });
    expect(wrong.statusCode).toBe(422);

    expect((await admin.post('/api/admin/users/suspend', { id: user.id, suspended: false })).statusCode).toBe(200);
    expect((await user.get('/api/user')).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(200);

    const entries = await auditOf(admin, `q=${encodeURIComponent(user.email)}`);
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['user.suspend', 'user.resume']));
    expect(entries.find((e) => e.action === 'user.suspend')).toMatchObject({
      actor_id: admin.id,
      target_id: String(user.id),
    });
    // No admin suspends themself, and nobody else suspends anyone.
    expect((await admin.post('/api/admin/users/suspend', { id: admin.id, suspended: true })).statusCode).toBe(422);
    expect((await user.post('/api/admin/users/suspend', { id: admin.id, suspended: true })).statusCode).toBe(403);
    expect((await admin.post('/api/admin/users/suspend', { id: 999_999_999, suspended: true })).statusCode).toBe(404);
  });

  it('changing a role is logged with what it was and is', async () => {
    const admin = await adminOf(app);
    const user = await signUp(app);
    await admin.post('/api/admin/users/role', { id: user.id, role: 'creator' });
    const [entry] = await auditOf(admin, 'action=user.role&q=' + encodeURIComponent(user.email));
    expect(entry).toMatchObject({ action: 'user.role', detail: { email: user.email, from: 'user', to: 'creator' } });
    expect((await admin.post('/api/admin/users/role', { id: admin.id, role: 'user' })).statusCode).toBe(422);
  });

  it('sends a password reset link by mail', async () => {
    const admin = await adminOf(app);
    const user = await signUp(app);
    expect((await admin.post('/api/admin/users/password-reset', { id: user.id })).json()).toEqual({ success: true });
    const mail = await smtp.waitFor((m) => m.to === user.email, 20_000);
    expect(mail.text).toMatch(/reset/i);
    expect((await auditOf(admin, 'action=user.password_reset')).map((e) => e.target_id)).toContain(String(user.id));
  }, 30_000);

  it('deletes an account as self-service deletion does, with its mail, once the e-mail is typed', async () => {
    const admin = await adminOf(app);
    const user = await signUp(app, { name: 'Leaving Soon' });
    const wrong = await admin.post('/api/admin/users/delete', { id: user.id, email: 'someone@else.example' });
    expect(wrong.statusCode).toBe(422);
    expect((await user.get('/api/user')).statusCode).toBe(200);
    expect((await admin.post('/api/admin/users/delete', { id: admin.id, email: admin.email })).statusCode).toBe(422);

    expect((await admin.post('/api/admin/users/delete', { id: user.id, email: user.email })).json()).toEqual({
      success: true,
    });
    expect((await user.get('/api/user')).statusCode).toBe(401);
    expect((await admin.get(`/api/admin/users/${user.id}`)).statusCode).toBe(404);
    const mail = await smtp.waitFor((m) => m.to === user.email && m.subject === 'Your Lifeboard account is deleted');
    expect(mail.text).toContain('This address is free again');
    expect((await auditOf(admin, 'action=user.delete')).map((e) => e.detail.email)).toContain(user.email);
  }, 30_000);

  it('logs sign-ins from new devices only, and nothing edits the log', async () => {
    const admin = await adminOf(app);
    const user = await signUp(app);
    const device = '6f1c6a0e-4f4b-4b7e-9d0c-1c1b2b3c4d5e';
    await login(user.email, device);
    await login(user.email, device);
    const entries = (await auditOf(admin, 'action=sign_in.new_device')).filter((e) => e.target_id === String(user.id));
    expect(entries).toHaveLength(1);
    expect(entries[0].detail).toMatchObject({ device: 'Firefox on Linux' });

    const { db } = await testDatabase();
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'changed',
        (error: unknown) => String(error instanceof Error ? (error.cause ?? error) : error),
      );
    expect(
      await refusal(db.execute(sql`update audit_log set action = 'x' where target_id = ${String(user.id)}`)),
    ).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from audit_log where target_id = ${String(user.id)}`))).toMatch(
      /append-only/,
    );
    // No route edits it either.
    const headers = { authorization: `Bearer ${admin.token}`, 'x-requested-with': 'XMLHttpRequest' };
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const)
      expect((await app.inject({ method, url: '/api/admin/audit', headers })).statusCode).toBe(404);
    expect((await asUser(app, user.token).get('/api/admin/audit')).statusCode).toBe(403);
  });
});
