import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signUp, testDatabase, uniqueEmail } from '../../../test/helpers';
import { outbox, passwordResets } from '../../db/schema';
import { defaultEnv } from '../../env';

interface Received { to: string; raw: string }
const received: Received[] = [];
let smtp: SMTPServer;
let app: FastifyInstance;
let outboxApp: FastifyInstance;

beforeAll(async () => {
  // A real SMTP server in this process receives what the API sends.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  app = await createTestApp({ env: defaultEnv({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` }) });
  outboxApp = await createTestApp();
});
afterAll(async () => {
  await app.close();
  await outboxApp.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function tokenFrom(raw: string): string {
  const match = /Your reset code: ([A-Za-z0-9_-]{43})/.exec(raw.replace(/=\r?\n/g, ''));
  if (!match) throw new Error(`no reset code in:\n${raw}`);
  return match[1];
}

const reset = (target: FastifyInstance, email: string, token: string, password: string) =>
  target.inject({ method: 'POST', url: '/api/password/reset', payload: { email, token, password } });
const login = (target: FastifyInstance, email: string, password: string) =>
  target.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

describe('password reset by e-mail', () => {
  it('mails a single-use link over SMTP; the token works once', async () => {
    const user = await signUp(app);
    const response = await app.inject({ method: 'POST', url: '/api/password/email', payload: { email: user.email } });
    expect(response.json()).toEqual({ success: true });
    const mail = received.find((message) => message.to === user.email);
    expect(mail?.raw).toContain('Reset your Lifeboard password');
    const token = tokenFrom(mail?.raw ?? '');
    expect((await reset(app, user.email, token, 'a brand new password')).json()).toEqual({ success: true });
    expect((await login(app, user.email, 'a brand new password')).statusCode).toBe(200);
    expect((await login(app, user.email, PASSWORD)).statusCode).toBe(422);
    // Single use: the same token again is refused and changes nothing.
    const again = await reset(app, user.email, token, 'yet another password');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token[0]).toMatch(/invalid or has expired/);
    expect((await login(app, user.email, 'a brand new password')).statusCode).toBe(200);
    // Old sessions were signed out by the reset.
    expect((await user.get('/api/user')).statusCode).toBe(401);
  });

  it('answers success for an unknown address and sends nothing', async () => {
    const before = received.length;
    const email = uniqueEmail();
    expect((await app.inject({ method: 'POST', url: '/api/password/email', payload: { email } })).json()).toEqual({ success: true });
    expect(received.length).toBe(before);
  });

  it('refuses an expired token', async () => {
    const user = await signUp(app);
    await app.inject({ method: 'POST', url: '/api/password/email', payload: { email: user.email } });
    const token = tokenFrom(received.filter((message) => message.to === user.email).at(-1)?.raw ?? '');
    const { db } = await testDatabase();
    await db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, user.id));
    expect((await reset(app, user.email, token, 'a brand new password')).statusCode).toBe(422);
    expect((await login(app, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('without SMTP keeps the message in the outbox', async () => {
    const user = await signUp(outboxApp);
    await outboxApp.inject({ method: 'POST', url: '/api/password/email', payload: { email: user.email } });
    const { db } = await testDatabase();
    const [message] = await db.select().from(outbox).where(eq(outbox.to, user.email)).orderBy(desc(outbox.id)).limit(1);
    expect(message.subject).toBe('Reset your Lifeboard password');
    const token = tokenFrom(message.text);
    expect((await reset(outboxApp, user.email, token, 'from the outbox 123')).statusCode).toBe(200);
  });
});

describe('change password', () => {
  it('needs the current password, then signs other devices out but keeps this one', async () => {
    const user = await signUp(app);
    const other = (await login(app, user.email, PASSWORD)).json().token as string;
    const wrong = await user.post('/api/password/change', { current_password: 'not it at all', password: 'a new password 1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['is not your current password']);
    expect((await user.post('/api/password/change', { current_password: PASSWORD, password: 'a new password 1' })).json()).toEqual({ success: true });
    expect((await user.get('/api/user')).statusCode).toBe(200);
    const otherResponse = await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${other}` } });
    expect(otherResponse.statusCode).toBe(401);
    expect((await login(app, user.email, 'a new password 1')).statusCode).toBe(200);
  });

  it('is 401 signed out', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/password/change', payload: { current_password: 'x', password: 'y'.repeat(10) } });
    expect(response.statusCode).toBe(401);
  });
});

describe('weak passwords', () => {
  const weak = ['aaaaaaaaaa', '1234567890', 'password12', 'qwertyuiop'];

  it.each(weak)('refuses %s at sign-up, reset and change, with a clear message, changing nothing', async (password) => {
    const email = uniqueEmail();
    const signUpWeak = await app.inject({ method: 'POST', url: '/api/register', payload: { name: 'Weak Pass', email, password } });
    expect(signUpWeak.statusCode).toBe(422);
    expect(signUpWeak.json().errors.password[0]).toMatch(/^is too easy to guess \((very weak|weak|fair)\)\. .+/);
    expect((await login(app, email, password)).statusCode).toBe(422);

    const user = await signUp(app);
    const change = await user.post('/api/password/change', { current_password: PASSWORD, password });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors.password[0]).toMatch(/too easy to guess/);
    expect((await login(app, user.email, PASSWORD)).statusCode).toBe(200);

    // Judged before the token or the account, so an unknown address gets the same answer.
    for (const address of [user.email, uniqueEmail()]) {
      const response = await reset(app, address, 'x'.repeat(43), password);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.password[0]).toMatch(/too easy to guess/);
    }
  });

  it('refuses a password built on the person\'s own name or e-mail', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/register', payload: { name: 'Marguerite Okonkwo', email: uniqueEmail(), password: 'marguerite1' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password[0]).toMatch(/too easy to guess/);
  });
});
