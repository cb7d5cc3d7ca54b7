import { Link, useParams } from '@lifeboard/shared/lib/router';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { useState } from 'react';
import { Button } from '@lifeboard/shared/ui/Button';
import { amount, declineRefund, readLedger, readReceipt, refundSale } from './ledger-api';
import type { Ledger, LedgerEntry } from './ledger-api';

const stateLabel: Record<LedgerEntry['state'], string> = { pending: 'Pending', available: 'Available', refunded: 'Refunded' };
const day = (iso: string) => formatDisplayDay(iso);

function CheckoutNote({ ledger }: { ledger: Pick<Ledger, 'provider'> }) {
  if (ledger.provider === 'stripe') return null;
  return <p className="lb-muted" role="note">Payments on this installation go through the built-in test provider: buyers pay with test cards and no real money moves. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments.</p>;
}

/** What a refund request says, for the state column: "Refund requested on …: “reason”". */
export function requestWords(entry: LedgerEntry): string {
  if (!entry.refund_requested_at || entry.state === 'refunded') return '';
  return `Refund requested on ${day(entry.refund_requested_at)}${entry.refund_reason ? `: “${entry.refund_reason}”` : ''}`;
}

/**
 * Refunds a sale still in its refund window (or one whose buyer asked in time): the buyer's access ends and its
 * net leaves your balance. A buyer's request can be declined instead.
 */
function RefundButton({ entry, onDone }: { entry: LedgerEntry; onDone: () => void }) {
  const [busy, setBusy] = useState<'refund' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const requested = entry.refund_requested_at !== null && entry.state !== 'refunded';
  if (entry.state !== 'pending' && !requested) return null;
  async function act(kind: 'refund' | 'decline') {
    if (kind === 'refund' && !window.confirm(`Refund ${amount(entry.gross_cents, entry.currency)} to ${entry.buyer_name}? Their access to “${entry.program_title}” ends.`)) return;
    setBusy(kind);
    const failed = kind === 'refund' ? await refundSale(entry.id) : await declineRefund(entry.id);
    setBusy(null);
    setError(failed);
    if (!failed) onDone();
  }
  const whose = `${entry.buyer_name}'s purchase of ${entry.program_title}`;
  return (
    <>
      <Button size="small" busy={busy === 'refund'} onClick={() => void act('refund')} aria-label={`${requested ? 'Approve the refund of' : 'Refund'} ${whose}`}>{requested ? 'Approve refund' : 'Refund'}</Button>
      {requested ? <Button size="small" busy={busy === 'decline'} onClick={() => void act('decline')} aria-label={`Decline the refund request for ${whose}`}>Decline</Button> : null}
      {error ? <span role="alert" className="lb-field-error"> {error}</span> : null}
    </>
  );
}

function Balances({ ledger }: { ledger: Ledger }) {
  return (
    <Panel title="Balance">
      <CheckoutNote ledger={ledger} />
      {ledger.balances.length === 0 ? <p>No sales yet: available 0.00 · pending 0.00.</p> : (
        <table>
          <thead><tr><th scope="col">Currency</th><th scope="col">Sales</th><th scope="col">Gross</th><th scope="col">Your net</th><th scope="col">Pending (refund window)</th><th scope="col">Available</th><th scope="col">Refunded</th></tr></thead>
          <tbody>{ledger.balances.map((b) => (
            <tr key={b.currency}>
              <th scope="row">{b.currency}</th><td>{b.sales}</td><td>{amount(b.gross_cents, b.currency)}</td><td>{amount(b.net_cents, b.currency)}</td>
              <td>{amount(b.pending_cents, b.currency)}</td><td><strong>{amount(b.available_cents, b.currency)}</strong></td><td>{amount(b.refunded_cents, b.currency)}</td>
            </tr>
          ))}</tbody>
        </table>
      )}
    </Panel>
  );
}

/** `/creator-transactions` and `/creator-payments`: sales of the creator's programs, and what they make available to pay out. */
export function CreatorLedger({ kind }: { kind: 'transactions' | 'payments' }) {
  const load = useApiGet('/api/creator/ledger', readLedger);
  const title = kind === 'transactions' ? 'Transactions' : 'Payments';
  const header = <PageHeader title={title} description={kind === 'transactions' ? 'Every sale of your programs, with fees and your net. A sale can be refunded while it is pending.' : 'Your balance: what is still in the refund window and what is available to pay out.'} />;
  if (load.state === 'loading') return <section className="lb-stack">{header}<Skeleton lines={5} /></section>;
  if (load.state !== 'ready') return <section className="lb-stack">{header}<ErrorPanel message={`Your ledger could not be loaded: ${load.state === 'failed' ? load.message : 'not found'}`} onRetry={load.reload} /></section>;
  const ledger = load.data;
  if (kind === 'payments') {
    const upcoming = ledger.entries.filter((e) => e.state === 'pending').sort((a, b) => a.available_at.localeCompare(b.available_at));
    return (
      <section className="lb-stack">
        {header}
        <Balances ledger={ledger} />
        <Panel title="Becoming available">
          {upcoming.length === 0 ? <p>Nothing is waiting in the {ledger.refund_window_days}-day refund window.</p> : (
            <ul>{upcoming.map((e) => <li key={e.id}>{day(e.available_at)}: <strong>{amount(e.net_cents, e.currency)}</strong> from <Link to={`/transaction/${e.id}`}>{e.program_title}</Link> ({e.buyer_name})</li>)}</ul>
          )}
        </Panel>
        <Panel title="Payouts">
          <p>No payouts have been made yet: automatic payouts are not set up on this installation.</p>
        </Panel>
      </section>
    );
  }
  return (
    <section className="lb-stack">
      {header}
      <Balances ledger={ledger} />
      {ledger.entries.length === 0 ? <EmptyState title="No sales yet" description="When someone subscribes to one of your published programs, it shows here." action={<Link to="/creator-programs">Your programs</Link>} /> : (
        <table aria-label="Sales">
          <thead><tr><th scope="col">Date</th><th scope="col">Program</th><th scope="col">Subscriber</th><th scope="col">Gross</th><th scope="col">Fees and tax</th><th scope="col">Net</th><th scope="col">State</th><th scope="col">Refund</th></tr></thead>
          <tbody>{ledger.entries.map((e) => (
            <tr key={e.id}>
              <td><Link to={`/transaction/${e.id}`}>{day(e.created_at)}</Link></td><td>{e.program_title}</td><td>{e.buyer_name}</td>
              <td>{amount(e.gross_cents, e.currency)}</td><td>{amount(e.platform_fee_cents + e.processing_fee_cents + e.tax_cents, e.currency)}</td>
              <td>{amount(e.net_cents, e.currency)}</td><td>{stateLabel[e.state]}{e.state === 'pending' ? ` until ${day(e.available_at)}` : ''}{requestWords(e) ? <><br /><strong>{requestWords(e)}</strong></> : null}</td>
              <td><RefundButton entry={e} onDone={load.reload} /></td>
            </tr>
          ))}</tbody>
        </table>
      )}
    </section>
  );
}

/** `/transaction/:id`: one transaction's receipt, for its buyer or the program's creator. */
export function TransactionPage() {
  const { id } = useParams();
  const valid = /^\d{1,10}$/.test(id ?? '');
  const load = useApiGet(valid ? `/api/transaction/${id ?? ''}` : null, readReceipt);
  if (!valid || load.state === 'missing') {
    return <ErrorPanel title="Transaction not found" message={`There is no transaction #${id ?? ''} on your account.`} code="LB-NOT-FOUND" />;
  }
  if (load.state === 'loading') return <Skeleton lines={6} />;
  if (load.state === 'failed') return <ErrorPanel message={`The transaction could not be loaded: ${load.message}`} onRetry={load.reload} />;
  const { role, transaction: t } = load.data;
  return (
    <section className="lb-stack">
      <Link to={role === 'seller' ? '/creator-transactions' : '/programs'}>{role === 'seller' ? '← Your sales' : '← Programs'}</Link>
      <PageHeader title={`Transaction #${t.id}`} description={`${t.program_title} · ${day(t.created_at)}`} />
      <Panel title={role === 'seller' ? `Sale to ${t.buyer_name}` : `Bought from ${t.seller_name}`}>
        <dl>
          <dt>Price</dt><dd>{amount(t.gross_cents, t.currency)}</dd>
          {role === 'seller' ? <>
            {t.tax_cents ? <><dt>Tax included</dt><dd>{amount(t.tax_cents, t.currency)}</dd></> : null}
            <dt>Platform fee</dt><dd>{amount(t.platform_fee_cents, t.currency)}</dd>
            <dt>Card processing</dt><dd>{amount(t.processing_fee_cents, t.currency)}</dd>
            <dt>Your net</dt><dd><strong>{amount(t.net_cents, t.currency)}</strong></dd>
          </> : null}
          <dt>State</dt><dd>{stateLabel[t.state]}{t.state === 'pending' ? ` — refundable until ${day(t.available_at)}` : ''}{requestWords(t) ? ` · ${requestWords(t)}` : ''}</dd>
          <dt>Subscription</dt><dd>{t.subscription_status === 'active' ? 'Active' : 'Cancelled'}</dd>
        </dl>
        {role === 'seller' ? <RefundButton entry={t} onDone={load.reload} /> : null}
        {role === 'buyer' && t.program_guid ? <p><Link to={`/program-implement/${encodeURIComponent(t.program_guid)}`}>Open the program</Link></p> : null}
      </Panel>
    </section>
  );
}
