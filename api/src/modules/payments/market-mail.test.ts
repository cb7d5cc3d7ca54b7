import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOf, buyProgram, createTestApp, publishProgram, signUp } from '../../../test/helpers';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { defaultEnv } from '../../env';

let app: FastifyInstance;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await createTestApp({
    env: defaultEnv({ SMTP_URL: smtp.url, QUEUE_POLL_SECONDS: '0.5', APP_URL: 'https://lifeboard.example' }),
  });
  await app.startWork();
}, 60_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const mailsTo = (to: string) => smtp.received.filter((m) => m.to === to).map((m) => m.subject);

describe('mail around money and review', () => {
  it('a sale sends the buyer a receipt with the invoice page and the creator a sale notice', async () => {
    const [creator, buyer] = await Promise.all([
      signUp(app, { as_creator: true, name: 'Coach Carla' }),
      signUp(app, { name: 'Bea' }),
    ]);
    const program = await publishProgram(app, creator, { title: 'Couch to 5k', price_cents: 2900, currency: 'USD' });
    await buyProgram(app, buyer, program.guid);
    const receipt = await smtp.waitFor((m) => m.to === buyer.email && m.subject === 'Your receipt for “Couch to 5k”');
    expect(receipt.text).toContain('Paid: 29.00 USD');
    expect(receipt.text).toMatch(/See the invoice: https:\/\/lifeboard\.example\/transaction\/\d+/);
    expect(receipt.text).toMatch(/ask for a refund until \w{3}, \w{3} \d+\w\w \d{4}/);
    const notice = await smtp.waitFor((m) => m.to === creator.email && m.subject === 'You sold “Couch to 5k”');
    expect(notice.text).toContain('Bea bought “Couch to 5k” for 29.00 USD.');
    expect(notice.text).toMatch(/Yours after fees: \d+\.\d\d USD/);
    // Approval reached the creator too.
    await smtp.waitFor((m) => m.to === creator.email && m.subject === '“Couch to 5k” is approved and on sale');
  }, 30_000);

  it('a refund asked, declined and approved is told to both', async () => {
    const [creator, buyer] = await Promise.all([signUp(app, { as_creator: true }), signUp(app, { name: 'Ray' })]);
    const admin = await adminOf(app);
    const program = await publishProgram(app, creator, { title: 'Sleep Well', price_cents: 1500, currency: 'EUR' });
    await buyProgram(app, buyer, program.guid);
    const sale = (await buyer.get(`/api/program-implement/${program.guid}`)).json().purchase.transaction_id as number;

    expect((await buyer.post('/api/transaction/refund-request', { id: sale, reason: 'Not for me' })).statusCode).toBe(
      200,
    );
    await smtp.waitFor((m) => m.to === buyer.email && m.subject === 'Your refund request for “Sleep Well”');
    const asked = await smtp.waitFor(
      (m) => m.to === creator.email && m.subject === 'A refund is asked for “Sleep Well”',
    );
    expect(asked.text).toContain('Ray asks for a refund of 15.00 EUR: “Not for me”');

    expect((await creator.post('/api/transaction/refund-decline', { id: sale })).statusCode).toBe(200);
    await smtp.waitFor(
      (m) => m.to === buyer.email && m.subject === 'Your refund request for “Sleep Well” was declined',
    );
    await smtp.waitFor((m) => m.to === creator.email && m.subject === 'You declined a refund of “Sleep Well”');

    expect((await admin.post('/api/transaction/refund', { id: sale })).statusCode).toBe(200);
    const refunded = await smtp.waitFor((m) => m.to === buyer.email && m.subject === 'Your refund for “Sleep Well”');
    expect(refunded.text).toContain('15.00 EUR is refunded');
    await smtp.waitFor((m) => m.to === creator.email && m.subject === '“Sleep Well” was refunded');
    // A second refund books nothing and mails nothing more.
    await admin.post('/api/transaction/refund', { id: sale });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(buyer.email).filter((s) => s === 'Your refund for “Sleep Well”')).toHaveLength(1);
  }, 30_000);

  it('a rejection tells the creator what to change', async () => {
    const creator = await signUp(app, { as_creator: true });
    const admin = await adminOf(app);
    const made = await creator.post('/api/program/create', {
      board: creator.boardId,
      params: { title: 'Draft Dreams', price_cents: 0, currency: 'USD', status: 'published' },
    });
    const id = made.json().program.id as number;
    await admin.post('/api/admin/programs/review', { id, decision: 'reject', reason: 'Say who it is for.' });
    const mail = await smtp.waitFor(
      (m) => m.to === creator.email && m.subject === '“Draft Dreams” needs changes before it is published',
    );
    expect(mail.text).toContain('“Say who it is for.”');
    expect(mail.text).toContain('Open your programs: https://lifeboard.example/creator-programs');
  }, 30_000);
});
