import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signUp, testDatabase, uniqueEmail, publishProgram } from '../../../test/helpers';
import { invitations, outbox } from '../../db/schema';
import { defaultEnv } from '../../env';

interface Received { to: string; subject: string; text: string }
const received: Received[] = [];
let smtp: SMTPServer;
let smtpUrl: string;
let app: FastifyInstance;
const SITE = 'https://lifeboard.example';

/** The text part of a single-part message, decoded from quoted-printable or base64 (whichever nodemailer chose). */
function decodeMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const text = encoding === 'base64'
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : encoding === 'quoted-printable'
      ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
      : body;
  const rawSubject = /^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '';
  // RFC 2047 words, as nodemailer writes them for non-ASCII subjects.
  const subject = rawSubject.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, word: string) => kind.toUpperCase() === 'B'
    ? Buffer.from(word, 'base64').toString('utf8')
    : Buffer.from(word.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, (_n, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'));
  return { subject: subject.trim(), text: text.replace(/\r\n/g, '\n') };
}

function mailTo(address: string): Received {
  const mail = received.filter((message) => message.to === address).at(-1);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

function tokenIn(text: string): string {
  const match = /\?invitation=([A-Za-z0-9_-]{43})\b/.exec(text);
  if (!match) throw new Error(`no invitation link in:\n${text}`);
  return match[1];
}

const register = (target: FastifyInstance, payload: Record<string, unknown>) =>
  target.inject({ method: 'POST', url: '/api/register', payload: { name: 'Invitee', email: uniqueEmail('invitee'), password: PASSWORD, ...payload } });

/** A port nothing listens on: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 1;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), ...decodeMail(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const address = smtp.server.address();
  smtpUrl = `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}?ignoreTLS=true`;
  // A trailing slash on the site's address must not double the slash in the link.
  app = await createTestApp({ env: defaultEnv({ SMTP_URL: smtpUrl, APP_URL: `${SITE}/` }) });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function publishedProgram(title: string): Promise<{ id: number; guid: string }> {
  const creator = await signUp(app, { as_creator: true });
  const template = { goals: [{ title: 'Run 5 km' }], habits: [{ title: 'Run three times a week' }] };
  return publishProgram(app, creator, { title, template });
}

describe('POST /api/invitations/create', () => {
  it('mails a sign-up link whose token is stored only as its SHA-256 hash; sign-up with it marks it accepted', async () => {
    const inviter = await signUp(app, { name: 'Grace Hopper' });
    const to = uniqueEmail('friend');
    const response = await inviter.post('/api/invitations/create', { email: `  ${to.toUpperCase()} ` });
    expect(response.statusCode).toBe(200);
    const { invitation } = response.json();
    expect(invitation).toEqual({ id: expect.any(Number), email: to, program_guid: null, sent_at: expect.any(String), accepted_at: null });

    const mail = mailTo(to);
    expect(mail.subject).toBe('You are invited to Lifeboard');
    expect(mail.text).toContain('Grace Hopper invited you to Lifeboard');
    expect(mail.text).toContain(`${SITE}/sign-up?invitation=`);
    expect(mail.text).toContain(`Sign in at ${SITE}/login`);
    const token = tokenIn(mail.text);
    const { db } = await testDatabase();
    const [row] = await db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify((await inviter.get('/api/invitations')).json())).not.toContain(row.tokenHash);

    const signedUp = await register(app, { email: to, invitation: token });
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.json().subscription).toBeNull();
    const [listed] = (await inviter.get('/api/invitations')).json().invitations;
    expect(listed).toMatchObject({ id: invitation.id, email: to, accepted_at: expect.any(String) });
    expect(Date.parse(listed.accepted_at)).toBeGreaterThanOrEqual(Date.parse(listed.sent_at));
    // The link marks one sign-up: a second account made with it changes nothing.
    expect((await register(app, { invitation: token })).statusCode).toBe(201);
    expect((await inviter.get('/api/invitations')).json().invitations[0].accepted_at).toBe(listed.accepted_at);
  });

  it('invites into a published program: the link opens /sign-up/:guid and the invitee lands subscribed', async () => {
    const program = await publishedProgram('Couch to 5k');
    const inviter = await signUp(app);
    const to = uniqueEmail('runner');
    const response = await inviter.post('/api/invitations/create', { email: to, program_guid: program.guid });
    expect(response.json().invitation.program_guid).toBe(program.guid);
    const mail = mailTo(to);
    expect(mail.subject).toBe('You are invited to “Couch to 5k” on Lifeboard');
    expect(mail.text).toContain(`to start the program “Couch to 5k”`);
    expect(mail.text).toContain(`${SITE}/sign-up/${program.guid}?invitation=`);
    expect(mail.text).toContain(`Sign in at ${SITE}/login/${program.guid}`);

    const signedUp = (await register(app, { email: to, program_guid: program.guid, invitation: tokenIn(mail.text) })).json();
    expect(signedUp.subscription).toEqual({ program_id: program.id, board: { id: expect.any(Number), name: 'Couch to 5k' } });
    expect(signedUp.user.default_board_id).toBe(signedUp.subscription.board.id);
    expect((await inviter.get('/api/invitations')).json().invitations[0].accepted_at).toEqual(expect.any(String));

    // A link that lost its path still carries the program: the invitation remembers it.
    const other = uniqueEmail('runner');
    await inviter.post('/api/invitations/create', { email: other, program_guid: program.guid });
    const bare = (await register(app, { email: other, invitation: tokenIn(mailTo(other).text) })).json();
    expect(bare.subscription).toEqual({ program_id: program.id, board: { id: expect.any(Number), name: 'Couch to 5k' } });
  });

  it('answers the same for an address that already has an account', async () => {
    const inviter = await signUp(app);
    const existing = await signUp(app);
    const fresh = uniqueEmail('fresh');
    const one = await inviter.post('/api/invitations/create', { email: existing.email });
    const two = await inviter.post('/api/invitations/create', { email: fresh });
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const shape = (body: { invitation: Record<string, unknown> }) => Object.keys(body.invitation).sort();
    expect(shape(one.json())).toEqual(shape(two.json()));
    expect(mailTo(existing.email).subject).toBe(mailTo(fresh).subject);
  });

  it('refuses a bad e-mail, an unpublished program, unknown fields, and the signed-out with the contract codes', async () => {
    const inviter = await signUp(app, { as_creator: true });
    const bad = await inviter.post('/api/invitations/create', { email: 'not-an-address' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual(['must be an e-mail address']);
    const draft = (await inviter.post('/api/program/create', { board: inviter.boardId, params: { title: 'Draft' } })).json().program;
    const unpublished = await inviter.post('/api/invitations/create', { email: uniqueEmail(), program_guid: draft.guid });
    expect(unpublished.statusCode).toBe(422);
    expect(unpublished.json().errors.program_guid).toEqual(['is not a published program']);
    const extra = await inviter.post('/api/invitations/create', { email: uniqueEmail(), board: 1 });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors.board).toEqual(['is not a known field']);
    expect((await app.inject({ method: 'POST', url: '/api/invitations/create', payload: { email: uniqueEmail() } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/invitations' })).statusCode).toBe(401);
    expect((await inviter.get('/api/invitations')).json()).toEqual({ success: true, invitations: [] });
  });

  it('answers 500 with a safe message and lists nothing when the e-mail cannot be sent', async () => {
    const broken = await createTestApp({ env: defaultEnv({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}?ignoreTLS=true&connectionTimeout=2000` }) });
    try {
      const inviter = await signUp(broken);
      const response = await inviter.post('/api/invitations/create', { email: uniqueEmail() });
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toBe('The invitation e-mail could not be sent. Please try again in a moment.');
      expect((await inviter.get('/api/invitations')).json().invitations).toEqual([]);
    } finally {
      await broken.close();
    }
  });

  it('without SMTP the invitation goes to the outbox', async () => {
    const local = await createTestApp();
    try {
      const inviter = await signUp(local);
      const to = uniqueEmail('outbox');
      expect((await inviter.post('/api/invitations/create', { email: to })).statusCode).toBe(200);
      const { db } = await testDatabase();
      const [message] = await db.select().from(outbox).where(eq(outbox.to, to));
      expect(message.text).toContain('http://localhost:3000/sign-up?invitation=');
    } finally {
      await local.close();
    }
  });
});

describe('the hourly limit', () => {
  it('answers 429 with Retry-After once a user has sent the hour’s invitations; withdrawing does not free one', async () => {
    const limited = await createTestApp({ env: defaultEnv({ SMTP_URL: smtpUrl }), limits: { invitationsPerUserPerHour: 2 } });
    try {
      const inviter = await signUp(limited);
      const other = await signUp(limited);
      const first = (await inviter.post('/api/invitations/create', { email: uniqueEmail() })).json().invitation;
      expect((await inviter.post('/api/invitations/create', { email: uniqueEmail() })).statusCode).toBe(200);
      expect((await inviter.post('/api/invitations/delete', { id: first.id })).statusCode).toBe(200);
      const refused = await inviter.post('/api/invitations/create', { email: uniqueEmail() });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe('Too Many Requests!');
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(3500);
      expect(wait).toBeLessThanOrEqual(3600);
      // Per user: someone else may still invite.
      expect((await other.post('/api/invitations/create', { email: uniqueEmail() })).statusCode).toBe(200);
      // An hour later the window has moved on.
      const { db } = await testDatabase();
      await db.update(invitations).set({ sentAt: new Date(Date.now() - 61 * 60 * 1000) }).where(eq(invitations.inviterId, inviter.id));
      expect((await inviter.post('/api/invitations/create', { email: uniqueEmail() })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/invitations/delete', () => {
  it('withdraws a pending invitation: gone from the list, and its link no longer marks anything', async () => {
    const inviter = await signUp(app);
    const to = uniqueEmail('withdrawn');
    const { invitation } = (await inviter.post('/api/invitations/create', { email: to })).json();
    expect((await inviter.post('/api/invitations/delete', { id: invitation.id })).json()).toEqual({ success: true, id: invitation.id });
    expect((await inviter.get('/api/invitations')).json().invitations).toEqual([]);
    // Signing up with the withdrawn link still works, as a plain sign-up.
    expect((await register(app, { email: to, invitation: tokenIn(mailTo(to).text) })).statusCode).toBe(201);
    const { db } = await testDatabase();
    const [row] = await db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row.acceptedAt).toBeNull();
    expect((await inviter.post('/api/invitations/delete', { id: invitation.id })).statusCode).toBe(404);
  });

  it("cannot touch someone else's invitation or an accepted one", async () => {
    const [inviter, stranger] = await Promise.all([signUp(app), signUp(app)]);
    const to = uniqueEmail('accepted');
    const { invitation } = (await inviter.post('/api/invitations/create', { email: to })).json();
    expect((await stranger.post('/api/invitations/delete', { id: invitation.id })).statusCode).toBe(404);
    expect((await stranger.get('/api/invitations')).json().invitations).toEqual([]);
    await register(app, { email: to, invitation: tokenIn(mailTo(to).text) });
    const accepted = await inviter.post('/api/invitations/delete', { id: invitation.id });
    expect(accepted.statusCode).toBe(422);
    expect(accepted.json().errors.id).toEqual(['has already been accepted and cannot be withdrawn']);
    expect((await inviter.post('/api/invitations/delete', { id: 'x' })).statusCode).toBe(422);
  });
});

describe('the API reference', () => {
  it('documents the invitation calls with their bodies and answers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    const create = doc.paths['/api/invitations/create'].post;
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toEqual(['email', 'program_guid']);
    expect(create.responses['200']).toBeDefined();
    expect(doc.paths['/api/invitations'].get.responses['200'].content['application/json'].schema.properties.invitations.type).toBe('array');
    expect(doc.paths['/api/invitations/delete'].post).toBeDefined();
    expect(Object.keys(doc.paths['/api/register'].post.requestBody.content['application/json'].schema.properties)).toContain('invitation');
  });
});
