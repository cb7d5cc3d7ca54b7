import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { formatMoney } from '@lifeboard/shared/lib/money';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { alias } from 'drizzle-orm/pg-core';
import { modelTables } from '../../db/model-tables';
import { transactions, users } from '../../db/schema';
import { composeMail } from '../mail/compose';
import { queueMail } from '../mail/jobs';
import type { MailMessage } from '../mail/mailer';

export type SaleEvent = 'sold' | 'refund_requested' | 'refunded' | 'refund_declined';

const buyers = alias(users, 'buyer');
const sellers = alias(users, 'seller');

/** A sale with its program's title and both people's names and addresses (the buyer's may be a deleted account). */
async function saleFacts(app: FastifyInstance, saleId: number) {
  const programs = modelTables.program;
  const [row] = await app.db
    .select({
      sale: transactions,
      title: programs.data,
      buyer: { email: buyers.email, name: buyers.name },
      seller: { email: sellers.email, name: sellers.name },
    })
    .from(transactions)
    .leftJoin(programs, eq(programs.id, transactions.programId))
    .leftJoin(buyers, eq(buyers.id, transactions.buyerId))
    .innerJoin(sellers, eq(sellers.id, transactions.sellerId))
    .where(eq(transactions.id, saleId));
  if (!row) return null;
  return { ...row, title: String(row.title?.title ?? 'a program') };
}

/** The mails a sale's event sends: to the buyer (with the invoice's address) and to the program's creator. */
export async function saleMails(app: FastifyInstance, saleId: number, event: SaleEvent): Promise<MailMessage[]> {
  const facts = await saleFacts(app, saleId);
  if (!facts) return [];
  const { sale, title, buyer, seller } = facts;
  const app_url = app.env.APP_URL.replace(/\/+$/, '');
  const invoice = { label: 'See the invoice', url: `${app_url}/transaction/${sale.id}` };
  const price = formatMoney(sale.grossCents, sale.currency);
  const net = formatMoney(sale.netCents, sale.currency);
  const windowEnds = formatDisplayDay(sale.availableAt);
  const buyerName = buyer?.name ?? 'A buyer';
  const mails: MailMessage[] = [];
  const toBuyer = (subject: string, lines: string[]) => {
    if (buyer)
      mails.push(composeMail({ to: buyer.email, subject, greeting: `Hello ${buyer.name},`, lines, action: invoice }));
  };
  const toSeller = (subject: string, lines: string[]) =>
    mails.push(
      composeMail({
        to: seller.email,
        subject,
        greeting: `Hello ${seller.name},`,
        lines,
        action: { label: 'See the sale', url: `${app_url}/transaction/${sale.id}` },
      }),
    );
  switch (event) {
    case 'sold':
      toBuyer(`Your receipt for “${title}”`, [
        `Thank you for buying “${title}”. It is in your programs now.`,
        `Paid: ${price} on ${formatDisplayDay(sale.createdAt)}. Invoice number: ${sale.id}.`,
        `Changed your mind? You can ask for a refund until ${windowEnds}, from the invoice page.`,
      ]);
      toSeller(`You sold “${title}”`, [
        `${buyerName} bought “${title}” for ${price}.`,
        `Yours after fees: ${net}. It becomes available on ${windowEnds}, once the refund window closes.`,
      ]);
      break;
    case 'refund_requested':
      toBuyer(`Your refund request for “${title}”`, [
        `We passed your request for a refund of ${price} to the program's creator. You will hear when it is decided.`,
      ]);
      toSeller(`A refund is asked for “${title}”`, [
        `${buyerName} asks for a refund of ${price}${sale.refundReason ? `: “${sale.refundReason}”` : '.'}`,
        'Approve or decline it from your transactions.',
      ]);
      break;
    case 'refunded':
      toBuyer(`Your refund for “${title}”`, [
        `${price} is refunded to how you paid; it can take a few days to show. The program's chapters are closed now.`,
      ]);
      toSeller(`“${title}” was refunded`, [
        `The sale of ${price} to ${buyerName} is refunded: its ${net} is taken back from your balance.`,
      ]);
      break;
    case 'refund_declined':
      toBuyer(`Your refund request for “${title}” was declined`, [
        `The refund of ${price} was declined; the sale stands and the program stays yours. Reply to this mail if you want to talk about it.`,
      ]);
      toSeller(`You declined a refund of “${title}”`, [`The sale of ${price} to ${buyerName} stands.`]);
      break;
  }
  return mails;
}

/**
 * Queues a sale's mails. What happened is booked whatever the mail does: a failure is logged, never answered as a
 * failure of the payment or the refund.
 */
export async function sendSaleMails(
  app: FastifyInstance,
  saleId: number,
  event: SaleEvent,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    for (const mail of await saleMails(app, saleId, event)) await queueMail(app.queue, mail);
  } catch (error) {
    log.error({ err: error, saleId, event }, 'a sale mail could not be queued');
  }
}

/** The creator's mail about an admin's review of their program. */
export async function sendReviewMail(
  app: FastifyInstance,
  creatorId: number,
  programId: number,
  title: string,
  decision: 'approve' | 'reject' | 'unpublish',
  reason: string | null,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const [creator] = await app.db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, creatorId));
    if (!creator) return;
    const app_url = app.env.APP_URL.replace(/\/+$/, '');
    const subject = {
      approve: `“${title}” is approved and on sale`,
      reject: `“${title}” needs changes before it is published`,
      unpublish: `“${title}” was taken off the catalogue`,
    }[decision];
    const lines = {
      approve: [`An admin approved “${title}”: it is listed in the catalogue and people can buy it now.`],
      reject: [`An admin sent “${title}” back with this note:`, `“${reason ?? ''}”`, 'Change it and submit it again.'],
      unpublish: [
        `An admin took “${title}” off the catalogue${reason ? `: “${reason}”` : '.'}`,
        'People who bought it keep it.',
      ],
    }[decision];
    await queueMail(
      app.queue,
      composeMail({
        to: creator.email,
        subject,
        greeting: `Hello ${creator.name},`,
        lines,
        action:
          decision === 'approve'
            ? { label: 'See its page', url: `${app_url}/program/${programId}` }
            : { label: 'Open your programs', url: `${app_url}/creator-programs` },
      }),
    );
  } catch (error) {
    log.error({ err: error, programId }, 'the review mail could not be queued');
  }
}
