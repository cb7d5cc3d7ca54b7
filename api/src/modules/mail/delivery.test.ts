import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, uniqueEmail } from '../../../test/helpers';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink';
import { defaultEnv } from '../../env';

// Its own file (its own PGlite): no other app's workers take these jobs to a working SMTP server.
let down: SmtpSink;
let offline: FastifyInstance;
let port: number;

beforeAll(async () => {
  down = await startSmtpSink();
  port = down.port;
  await down.close();
  offline = await createTestApp({
    env: defaultEnv({
      SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true&connectionTimeout=1000`,
      QUEUE_POLL_SECONDS: '0.5',
    }),
  });
  await offline.startWork();
}, 120_000);
afterAll(async () => {
  await offline.close();
});

function tokenFrom(mail: ReceivedMail): string {
  const match = /Your reset code: ([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match) throw new Error(`no reset code in:\n${mail.text}`);
  return match[1];
}

describe('mail while the SMTP server is down', () => {
  it('answers every request at once; the queued mail arrives once the server is back', async () => {
    const user = await signUp(offline);
    const invitee = uniqueEmail('invitee');
    const started = performance.now();
    expect(
      (await offline.inject({ method: 'POST', url: '/api/password/email', payload: { email: user.email } })).json(),
    ).toEqual({ success: true });
    const invited = await user.post('/api/invitations/create', { email: invitee });
    expect(invited.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await user.get('/api/invitations')).json().invitations).toHaveLength(1);
    // Let the first attempts fail, then bring a server up on the same port: the retries deliver, once each.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const back = await startSmtpSink(port);
    try {
      const reset = await back.waitFor((message) => message.to === user.email, 40_000);
      await back.waitFor((message) => message.to === invitee, 40_000);
      const response = await offline.inject({
        method: 'POST',
        url: '/api/password/reset',
        payload: { email: user.email, token: tokenFrom(reset), password: 'after the outage 1' },
      });
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Once each. (On a shared PostgreSQL the sink may also get mail other test files queued in this process's schema.)
      const ours = back.received.filter((message) => message.to === user.email || message.to === invitee);
      expect(ours.map((message) => message.to).sort()).toEqual([user.email, invitee].sort());
    } finally {
      await back.close();
    }
  }, 90_000);
});
