import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOf,
  createTestApp,
  PASSWORD,
  signUp,
  testDatabase,
  uniqueEmail,
  publishProgram,
  relaxedLimits,
  type TestUser,
} from '../../../test/helpers';
import { invitations } from '../../db/schema';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink';
import { defaultEnv } from '../../env';

let smtp: SmtpSink;
let app: FastifyInstance;
const SITE = 'https://lifeboard.example';

/** The invitation mailed to an address (the request only queues it: wait for it to arrive). */
function mailTo(address: string): Promise<ReceivedMail> {
  return smtp.waitFor((message) => message.to === address);
}

function tokenIn(text: string): string {
  const match = /\?invitation=([A-Za-z0-9_-]{43})\b/.exec(text);
  if (!match) throw new Error(`no invitation link in:\n${text}`);
  return match[1];
}

const register = (target: FastifyInstance, payload: Record<string, unknown>) =>
  target.inject({
    method: 'POST',
    url: '/api/register',
    payload: { name: 'Invitee', email: uniqueEmail('invitee'), password: PASSWORD, ...payload },
  });

beforeAll(async () => {
  smtp = await startSmtpSink();
  // A trailing slash on the site's address must not double the slash in the link.
  app = await createTestApp({
    env: defaultEnv({ SMTP_URL: smtp.url, APP_URL: `${SITE}/`, QUEUE_POLL_SECONDS: '0.5' }),
  });
  await app.startWork();
}, 120_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
});

async function publishedProgram(title: string): Promise<{ id: number; guid: string; creator: TestUser }> {
  const creator = await signUp(app, { as_creator: true });
  const template = { goals: [{ title: 'Run 5 km' }], habits: [{ title: 'Run three times a week' }] };
  return { ...(await publishProgram(app, creator, { title, template })), creator };
}

describe('POST /api/invitations/create', () => {
  it('mails a sign-up link whose token is stored only as its SHA-256 hash; sign-up with it marks it accepted', async () => {
    const inviter = await signUp(app, { name: 'Grace Hopper' });
    const to = uniqueEmail('friend');
    const response = await inviter.post('/api/invitations/create', { email: `  ${to.toUpperCase()} ` });
    expect(response.statusCode).toBe(200);
    const { invitation } = response.json();
    expect(invitation).toEqual({
      id: expect.any(Number),
      email: to,
      program_guid: null,
      sent_at: expect.any(String),
      accepted_at: null,
    });

    const mail = await mailTo(to);
    expect(mail.subject).toBe('You are invited to Lifeboard');
    // Text and HTML parts say the same; the HTML has the link as a button.
    expect(mail.html).toContain('Grace Hopper invited you to Lifeboard');
    expect(mail.html).toMatch(new RegExp(`<a href="${SITE}/sign-up\\?invitation=[A-Za-z0-9_-]{43}"`));
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
    const inviter = program.creator;
    const to = uniqueEmail('runner');
    const response = await inviter.post('/api/invitations/create', { email: to, program_guid: program.guid });
    expect(response.json().invitation.program_guid).toBe(program.guid);
    const mail = await mailTo(to);
    expect(mail.subject).toBe('You are invited to “Couch to 5k” on Lifeboard');
    expect(mail.text).toContain(`to start the program “Couch to 5k”`);
    expect(mail.text).toContain(`${SITE}/sign-up/${program.guid}?invitation=`);
    expect(mail.text).toContain(`Sign in at ${SITE}/login/${program.guid}`);

    const signedUp = (
      await register(app, { email: to, program_guid: program.guid, invitation: tokenIn(mail.text) })
    ).json();
    expect(signedUp.subscription).toEqual({
      program_id: program.id,
      board: { id: expect.any(Number), name: 'Couch to 5k' },
    });
    expect(signedUp.user.default_board_id).toBe(signedUp.subscription.board.id);
    expect((await inviter.get('/api/invitations')).json().invitations[0].accepted_at).toEqual(expect.any(String));

    // A link that lost its path still carries the program: the invitation remembers it.
    const other = uniqueEmail('runner');
    await inviter.post('/api/invitations/create', { email: other, program_guid: program.guid });
    const bare = (await register(app, { email: other, invitation: tokenIn((await mailTo(other)).text) })).json();
    expect(bare.subscription).toEqual({
      program_id: program.id,
      board: { id: expect.any(Number), name: 'Couch to 5k' },
    });
  });

  it("lets only the program's creator or an admin invite into it: anyone else is 403 and no mail goes out", async () => {
    const program = await publishedProgram('Marathon in a month');
    const stranger = await signUp(app);
    const otherCreator = await signUp(app, { as_creator: true });
    for (const caller of [stranger, otherCreator]) {
      const to = uniqueEmail('victim');
      const refused = await caller.post('/api/invitations/create', { email: to, program_guid: program.guid });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'LB-FORBIDDEN' });
      expect(refused.json().error).toMatch(/Only the program's creator/);
      const rows = await (await testDatabase()).db.select().from(invitations).where(eq(invitations.email, to));
      expect(rows).toEqual([]);
    }
    const admin = await adminOf(app);
    const to = uniqueEmail('welcome');
    const allowed = await admin.post('/api/invitations/create', { email: to, program_guid: program.guid });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await mailTo(to)).subject).toBe('You are invited to “Marathon in a month” on Lifeboard');
    // Without a program anyone may still invite a friend.
    expect((await stranger.post('/api/invitations/create', { email: uniqueEmail() })).statusCode).toBe(200);
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
    expect((await mailTo(existing.email)).subject).toBe((await mailTo(fresh)).subject);
  });

  it('refuses a bad e-mail, an unpublished program, unknown fields, and the signed-out with the contract codes', async () => {
    const inviter = await signUp(app, { as_creator: true });
    const bad = await inviter.post('/api/invitations/create', { email: 'not-an-address' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual(['must be an e-mail address']);
    const draft = (
      await inviter.post('/api/program/create', { board: inviter.boardId, params: { title: 'Draft' } })
    ).json().program;
    const unpublished = await inviter.post('/api/invitations/create', {
      email: uniqueEmail(),
      program_guid: draft.guid,
    });
    expect(unpublished.statusCode).toBe(422);
    expect(unpublished.json().errors.program_guid).toEqual(['is not a published program']);
    const extra = await inviter.post('/api/invitations/create', { email: uniqueEmail(), board: 1 });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors.board).toEqual(['is not a known field']);
    expect(
      (await app.inject({ method: 'POST', url: '/api/invitations/create', payload: { email: uniqueEmail() } }))
        .statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/invitations' })).statusCode).toBe(401);
    expect((await inviter.get('/api/invitations')).json()).toEqual({ success: true, invitations: [] });
  });
});

describe('the hourly limit', () => {
  it('answers 429 with Retry-After once a user has sent the hour’s invitations; withdrawing does not free one', async () => {
    const limited = await createTestApp({
      env: defaultEnv({ SMTP_URL: smtp.url }),
      // Only the invitation limit: the sign-ups below count with the file's others (counts are shared by its apps).
      limits: { ...relaxedLimits, invitationsPerUserPerHour: 2 },
    });
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
      await db
        .update(invitations)
        .set({ sentAt: new Date(Date.now() - 61 * 60 * 1000) })
        .where(eq(invitations.inviterId, inviter.id));
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
    expect((await inviter.post('/api/invitations/delete', { id: invitation.id })).json()).toEqual({
      success: true,
      id: invitation.id,
    });
    expect((await inviter.get('/api/invitations')).json().invitations).toEqual([]);
    // Signing up with the withdrawn link still works, as a plain sign-up.
    expect((await register(app, { email: to, invitation: tokenIn((await mailTo(to)).text) })).statusCode).toBe(201);
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
    await register(app, { email: to, invitation: tokenIn((await mailTo(to)).text) });
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
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toEqual([
      'email',
      'program_guid',
    ]);
    expect(create.responses['200']).toBeDefined();
    expect(
      doc.paths['/api/invitations'].get.responses['200'].content['application/json'].schema.properties.invitations.type,
    ).toBe('array');
    expect(doc.paths['/api/invitations/delete'].post).toBeDefined();
    expect(
      Object.keys(doc.paths['/api/register'].post.requestBody.content['application/json'].schema.properties),
    ).toContain('invitation');
  });
});
