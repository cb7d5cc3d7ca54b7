import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { adminOf, createTestApp, signUp, testDatabase, uniqueEmail } from '../../../test/helpers';
import { makeAdmin } from './local-admin';
import { MAIL_JOB } from '../mail/jobs';

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
    expect(await makeAdmin((await testDatabase()).db, admin.email.toUpperCase())).toBe(
      `${admin.email} is now an admin.`,
    );
    const list = (await admin.get(`/api/admin/users?after=${user.id - 1}`)).json();
    expect(list.users[0]).toMatchObject({ id: user.id, email: user.email, role: 'user' });
    expect(list.users[0]).not.toHaveProperty('password_hash');
    expect((await admin.post('/api/admin/users/role', { id: user.id, role: 'creator' })).json()).toEqual({
      success: true,
      user: { id: user.id, email: user.email, role: 'creator' },
    });
    expect((await admin.post('/api/admin/users/role', { id: user.id, role: 'king' })).statusCode).toBe(422);
    expect((await admin.post('/api/admin/users/role', { id: 999_999_999, role: 'user' })).statusCode).toBe(404);
  });

  it('the CLI fails for an unknown e-mail', async () => {
    await expect(makeAdmin((await testDatabase()).db, uniqueEmail())).rejects.toThrow(/No user with e-mail/);
  });
});

describe('the job queue in /admin', () => {
  it("shows each kind's jobs and the failed ones, which an admin retries or discards; others get 403", async () => {
    const admin = await adminOf(app);
    const user = await signUp(app);
    expect((await user.get('/api/admin/queue')).statusCode).toBe(403);
    expect((await user.post('/api/admin/queue/retry', { id: randomUUID() })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/queue' })).statusCode).toBe(401);

    // Two mails that fail for good (no retries left), as pg-boss fails them: fetched, then failed with the error.
    const boss = await app.queue.boss();
    const to = uniqueEmail('bounce');
    for (const subject of ['First', 'Second']) await boss.send(MAIL_JOB, { to, subject, text: 'x' }, { retryLimit: 0 });
    const fetched = await boss.fetch(MAIL_JOB, { batchSize: 10 });
    for (const job of fetched) await boss.fail(MAIL_JOB, job.id, { message: 'SMTP said 550: no such mailbox' });

    const view = (await admin.get('/api/admin/queue')).json();
    expect(view.kinds.map((kind: { name: string }) => kind.name)).toEqual(
      expect.arrayContaining(['mail', 'reminder-mail', 'push', 'daily-email']),
    );
    expect(view.kinds.find((kind: { name: string }) => kind.name === 'mail')).toMatchObject({
      label: 'E-mails (account mail, invitations)',
      failed: expect.any(Number),
    });
    const ours = view.failed.filter((job: { summary: string }) => job.summary.endsWith(`to ${to}`));
    expect(
      ours.map((job: { summary: string; error: string; label: string }) => [job.summary, job.error, job.label]).sort(),
    ).toEqual([
      [`“First” to ${to}`, 'SMTP said 550: no such mailbox', 'E-mails (account mail, invitations)'],
      [`“Second” to ${to}`, 'SMTP said 550: no such mailbox', 'E-mails (account mail, invitations)'],
    ]);

    const first = ours.find((job: { summary: string }) => job.summary.startsWith('“First”'));
    const second = ours.find((job: { summary: string }) => job.summary.startsWith('“Second”'));
    expect((await admin.post('/api/admin/queue/retry', { id: first.id })).json()).toEqual({ success: true });
    expect((await admin.post('/api/admin/queue/discard', { id: second.id })).json()).toEqual({ success: true });
    expect((await admin.post('/api/admin/queue/retry', { id: first.id })).statusCode).toBe(404);
    expect((await admin.post('/api/admin/queue/discard', { id: 'not-an-id' })).statusCode).toBe(422);
    const after = (await admin.get('/api/admin/queue')).json();
    expect(after.failed.filter((job: { summary: string }) => job.summary.endsWith(`to ${to}`))).toEqual([]);
    // The retried one waits in the mail queue again (no worker runs in this app).
    const waiting = await boss.findJobs<{ subject: string; to: string }>(MAIL_JOB, { queued: true, data: { to } });
    expect(waiting.map((job) => job.data.subject)).toEqual(['First']);
  }, 60_000);
});
