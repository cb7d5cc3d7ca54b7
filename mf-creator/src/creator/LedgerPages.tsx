import { Link, useParams } from '@lifeboard/shared/lib/router';
import { ErrorPanel, NotLoaded, Skeleton } from '@lifeboard/shared/ui/feedback';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { amount, readLedger, readReceipt } from './ledger-api';
import type { Ledger, Payout } from './ledger-api';
import { Balances, day, NetAmount, RefundButton, requestWords, stateLabel } from './ledger-parts';
import { SalesDashboard } from './SalesDashboard';

export { requestWords };

/** A payout in words: "29.00 USD for 1 sale, made Mon, Nov 30th 2026: paid on …" */
function payoutWords(payout: Payout): string {
  const sales = `${payout.sales} ${payout.sales === 1 ? 'sale' : 'sales'}`;
  const how =
    payout.status === 'paid'
      ? `paid on ${day(payout.paid_at ?? payout.created_at)}${payout.method === 'stripe' ? ' by a Stripe transfer' : ''}${payout.reference ? ` (${payout.reference})` : ''}`
      : payout.method === 'stripe'
        ? 'the Stripe transfer has not gone through yet; it is sent again automatically'
        : 'waiting for an admin to send it';
  return `for ${sales}, made ${day(payout.created_at)}: ${how}`;
}

function Payouts({ ledger }: { ledger: Ledger }) {
  const how =
    ledger.payout_method === 'stripe'
      ? 'Every Monday your available balance is transferred to your Stripe account.'
      : 'Every Monday your available balance is paid out; an admin sends the money and marks it paid. To be paid by Stripe transfers, ask an admin to connect your Stripe account.';
  return (
    <Panel title="Payouts">
      <p>{how}</p>
      {ledger.payouts.length === 0 ? (
        <p>No payouts yet.</p>
      ) : (
        <ul aria-label="Payouts">
          {ledger.payouts.map((p) => (
            <li key={p.id}>
              <strong>{amount(p.amount_cents, p.currency)}</strong> {payoutWords(p)}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** `/creator-transactions` (the sales dashboard) and `/creator-payments`: sales of the creator's programs, and what they make available to pay out. */
export function CreatorLedger({ kind }: { kind: 'transactions' | 'payments' }) {
  return kind === 'transactions' ? <SalesDashboard /> : <PaymentsPage />;
}

/** `/creator-payments`: the balance, what becomes available when, and the payouts. */
function PaymentsPage() {
  const load = useApiGet('/api/creator/ledger', readLedger);
  const header = (
    <PageHeader
      title="Payments"
      description="Your balance: what is still in the refund window, what is available to pay out, and your payouts."
    />
  );
  if (load.state !== 'ready')
    return (
      <section className="lb-stack">
        {header}
        <NotLoaded load={load} what="Your ledger" lines={5} />
      </section>
    );
  const ledger = load.data;
  const upcoming = ledger.entries
    .filter((e) => e.state === 'pending')
    .sort((x, y) => x.available_at.localeCompare(y.available_at));
  return (
    <section className="lb-stack">
      {header}
      <Balances ledger={ledger} />
      <Panel title="Becoming available">
        {upcoming.length === 0 ? (
          <p>Nothing is waiting in the {ledger.refund_window_days}-day refund window.</p>
        ) : (
          <ul>
            {upcoming.map((e) => (
              <li key={e.id}>
                {day(e.available_at)}: <strong>{amount(e.net_cents, e.currency)}</strong> from{' '}
                <Link to={`/transaction/${e.id}`}>{e.program_title}</Link> ({e.buyer_name})
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Payouts ledger={ledger} />
    </section>
  );
}

/** `/transaction/:id`: one transaction's receipt, for its buyer or the program's creator. */
export function TransactionPage() {
  const { id } = useParams();
  const valid = /^\d{1,10}$/.test(id ?? '');
  const load = useApiGet(valid ? `/api/transaction/${id ?? ''}` : null, readReceipt);
  if (!valid || load.state === 'missing') {
    return (
      <ErrorPanel
        title="Transaction not found"
        message={`There is no transaction #${id ?? ''} on your account.`}
        code="LB-NOT-FOUND"
      />
    );
  }
  if (load.state === 'loading') return <Skeleton lines={6} />;
  if (load.state === 'failed')
    return <ErrorPanel message={`The transaction could not be loaded: ${load.message}`} onRetry={load.reload} />;
  const { role, transaction: t } = load.data;
  return (
    <section className="lb-stack">
      <Link to={role === 'seller' ? '/creator-transactions' : '/programs'}>
        {role === 'seller' ? '← Your sales' : '← Programs'}
      </Link>
      <PageHeader title={`Transaction #${t.id}`} description={`${t.program_title} · ${day(t.created_at)}`} />
      <Panel title={role === 'seller' ? `Sale to ${t.buyer_name}` : `Bought from ${t.seller_name}`}>
        <dl>
          <dt>Price</dt>
          <dd>{amount(t.gross_cents, t.currency)}</dd>
          {role === 'seller' ? (
            <>
              {t.tax_cents ? (
                <>
                  <dt>Tax included</dt>
                  <dd>{amount(t.tax_cents, t.currency)}</dd>
                </>
              ) : null}
              <dt>Platform fee</dt>
              <dd>{amount(t.platform_fee_cents, t.currency)}</dd>
              <dt>Card processing</dt>
              <dd>{amount(t.processing_fee_cents, t.currency)}</dd>
              <dt>Your net</dt>
              <dd>
                <strong>
                  <NetAmount entry={t} />
                </strong>
              </dd>
            </>
          ) : null}
          <dt>State</dt>
          <dd>
            {stateLabel[t.state]}
            {t.state === 'pending' ? ` — refundable until ${day(t.available_at)}` : ''}
            {requestWords(t) ? ` · ${requestWords(t)}` : ''}
          </dd>
          <dt>Subscription</dt>
          <dd>{t.subscription_status === 'active' ? 'Active' : 'Cancelled'}</dd>
        </dl>
        {role === 'seller' ? <RefundButton entry={t} onDone={load.reload} /> : null}
        {role === 'buyer' && t.program_guid ? (
          <p>
            <Link to={`/program-implement/${encodeURIComponent(t.program_guid)}`}>Open the program</Link>
          </p>
        ) : null}
      </Panel>
    </section>
  );
}
