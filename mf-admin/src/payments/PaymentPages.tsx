import { useRef, useState } from 'react';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { formatMoney } from '@lifeboard/shared/lib/money';
import { useAction } from '@lifeboard/shared/lib/use-action';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { Button } from '@lifeboard/shared/ui/Button';
import { ActionProblem, ErrorPanel, NotLoaded, Skeleton } from '@lifeboard/shared/ui/feedback';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { TextField } from '@lifeboard/shared/ui/fields';
import { Table } from '@lifeboard/shared/ui/Table';
import {
  decideRefund,
  markPayoutPaid,
  parsePercent,
  readAdminRates,
  readPayouts,
  readRefundRequests,
  runPayoutsNow,
  saveRate,
} from './payments-api';
import type { AdminPayout, AdminRates, AuthorRates, RefundRequest } from './payments-api';

function RequestActions({ request, onDone }: { request: RefundRequest; onDone: () => void }) {
  const { busy, error, run } = useAction<'refund' | 'decline'>();
  async function decide(decision: 'refund' | 'decline') {
    if (await run(decision, () => decideRefund(request.id, decision))) onDone();
  }
  const whose = `${request.buyer_name}'s purchase of ${request.program_title}`;
  return (
    <>
      <Button
        size="small"
        variant="primary"
        busy={busy === 'refund'}
        onClick={() => void decide('refund')}
        aria-label={`Approve the refund of ${whose}`}
      >
        Approve refund
      </Button>
      <Button
        size="small"
        busy={busy === 'decline'}
        onClick={() => void decide('decline')}
        aria-label={`Decline the refund request for ${whose}`}
      >
        Decline
      </Button>
      <ActionProblem message={error} inline />
    </>
  );
}

/** Buyers' open refund requests: an admin approves (the buyer's access ends) or declines them, as the creator can. */
function RefundRequests() {
  const load = useApiGet('/api/admin/refund-requests', readRefundRequests);
  return (
    <Panel title="Refund requests">
      <NotLoaded load={load} what="The refund requests" />
      {load.state === 'ready' ? (
        <Table
          label="Refund requests"
          columns={['Asked on', 'Program', 'Buyer', 'Creator', 'Price', 'Reason', 'Decision']}
          rows={load.data}
          empty={<p>No buyer is waiting for a refund decision.</p>}
          row={(r) => (
            <tr key={r.id}>
              <td>{formatDisplayDay(r.refund_requested_at)}</td>
              <td>{r.program_title}</td>
              <td>{r.buyer_name}</td>
              <td>{r.seller_name}</td>
              <td>{formatMoney(r.gross_cents, r.currency)}</td>
              <td>{r.refund_reason ?? <span className="lb-muted">None given</span>}</td>
              <td>
                <RequestActions request={r} onDone={load.reload} />
              </td>
            </tr>
          )}
        />
      ) : null}
    </Panel>
  );
}

const percentText = (value: number) => `${Number(value.toFixed(2))}%`;

/** "Mark paid" for a manual payout, with the admin's note of how it was sent. */
function MarkPaid({ payout, onDone }: { payout: AdminPayout; onDone: () => void }) {
  const [reference, setReference] = useState('');
  const { busy, error, run } = useAction();
  async function mark() {
    if (await run(true, () => markPayoutPaid(payout.id, reference))) onDone();
  }
  return (
    <div className="lb-row">
      <TextField
        label={`How you paid ${payout.seller_name} (optional)`}
        placeholder="Bank reference"
        value={reference}
        maxLength={200}
        onChange={(e) => setReference(e.target.value)}
      />
      <Button
        size="small"
        variant="primary"
        busy={busy !== null}
        onClick={() => void mark()}
        aria-label={`Mark the payout of ${formatMoney(payout.amount_cents, payout.currency)} to ${payout.seller_name} paid`}
      >
        Mark paid
      </Button>
      <ActionProblem message={error} inline />
    </div>
  );
}

function payoutState(payout: AdminPayout): string {
  if (payout.status === 'paid')
    return `Paid on ${formatDisplayDay(payout.paid_at ?? payout.created_at)}${payout.reference ? ` (${payout.reference})` : ''}`;
  return payout.method === 'stripe'
    ? 'Stripe transfer not through yet: the payout job sends it again'
    : 'Waiting for you to send it';
}

/** Payouts to creators: the manual ones to send and mark paid, and the weekly run on demand. */
function Payouts() {
  const load = useApiGet('/api/admin/payouts', readPayouts);
  const [running, setRunning] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  async function run() {
    setRunning(true);
    const answer = await runPayoutsNow();
    setRunning(false);
    setSaid(
      'problem' in answer
        ? answer.problem
        : answer.made === 0
          ? 'No creator had an available balance: nothing was paid out.'
          : `${answer.made} ${answer.made === 1 ? 'payout was' : 'payouts were'} made.`,
    );
    load.reload();
  }
  return (
    <Panel title="Payouts">
      <p>
        Every Monday, each creator's available balance (sales past the refund window) is paid out: by a Stripe transfer
        when the creator has a connected Stripe account, otherwise by you, by hand.
      </p>
      <p>
        <Button busy={running} onClick={() => void run()}>
          Pay out available balances now
        </Button>
        {said ? <span role="status"> {said}</span> : null}
      </p>
      <NotLoaded load={load} what="The payouts" />
      {load.state === 'ready' ? (
        <Table
          label="Payouts"
          columns={['Made on', 'Creator', 'Amount', 'Sales', 'How', 'State']}
          rows={load.data}
          empty={<p>No payouts yet.</p>}
          row={(p) => (
            <tr key={p.id}>
              <td>{formatDisplayDay(p.created_at)}</td>
              <td>
                {p.seller_name} <span className="lb-muted">{p.seller_email}</span>
              </td>
              <td>{formatMoney(p.amount_cents, p.currency)}</td>
              <td>{p.sales}</td>
              <td>{p.method === 'stripe' ? 'Stripe transfer' : 'By hand'}</td>
              <td>
                {payoutState(p)}
                {p.status === 'pending' && p.method === 'manual' ? <MarkPaid payout={p} onDone={load.reload} /> : null}
              </td>
            </tr>
          )}
        />
      ) : null}
    </Panel>
  );
}

/** One rate's form: a percent (empty: the standard rate) and, for an author, their Stripe account. Bad input changes nothing. */
function RateForm({
  label,
  initial,
  account,
  save,
}: {
  label: string;
  initial: number | null;
  account?: string | null;
  save: (percent: number | null, account?: string | null) => Promise<string | null>;
}) {
  const [percent, setPercent] = useState(initial === null ? '' : String(initial));
  const [stripe, setStripe] = useState(account ?? '');
  const { busy, error, setError, run } = useAction();
  const [saved, setSaved] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parsePercent(percent);
    if ('problem' in parsed) {
      setError(parsed.problem);
      return;
    }
    setSaved(await run(true, () => save(parsed.value, account === undefined ? undefined : stripe.trim() || null)));
  }
  return (
    <form aria-label={label} className="lb-row" onSubmit={(event) => void submit(event)}>
      <TextField
        label="Platform fee (%)"
        hint="Empty: the standard rate"
        inputMode="decimal"
        value={percent}
        error={error ?? undefined}
        onChange={(e) => {
          setPercent(e.target.value);
          setSaved(false);
        }}
      />
      {account !== undefined ? (
        <TextField
          label="Stripe account"
          hint="acct_…, for Stripe transfers"
          value={stripe}
          onChange={(e) => {
            setStripe(e.target.value);
            setSaved(false);
          }}
        />
      ) : null}
      <Button type="submit" size="small" busy={busy !== null}>
        Save
      </Button>
      {saved ? <span role="status">Saved: sales from now on use it.</span> : null}
    </form>
  );
}

function AuthorRateRows({ author, fallback, onSaved }: { author: AuthorRates; fallback: number; onSaved: () => void }) {
  const standard = author.own_percent ?? fallback;
  return (
    <li>
      <strong>{author.name}</strong> <span className="lb-muted">{author.email}</span> · all programs:{' '}
      {percentText(standard)}
      {author.own_percent === null ? ' (standard)' : ''}
      {author.stripe_account_id ? ` · paid by Stripe transfers to ${author.stripe_account_id}` : ' · paid by hand'}
      <RateForm
        label={`Rate of ${author.name}`}
        initial={author.own_percent}
        account={author.stripe_account_id}
        save={async (percent, account) => {
          const failed = await saveRate({ seller_id: author.id }, percent, account);
          if (!failed) onSaved();
          return failed;
        }}
      />
      {author.programs.length ? (
        <ul>
          {author.programs.map((p) => (
            <li key={p.id}>
              {p.title}: {formatMoney(p.price_cents, p.currency)}, platform fee{' '}
              {percentText(p.rate.platform_fee_percent)}
              {p.rate.source === 'program' ? ' (this program)' : ''}; the creator earns{' '}
              {formatMoney(p.net_cents, p.currency)} a sale
              <RateForm
                label={`Rate of ${p.title}`}
                initial={p.own_percent}
                save={async (percent) => {
                  const failed = await saveRate({ program_id: p.id }, percent);
                  if (!failed) onSaved();
                  return failed;
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Earning rates: the platform fee per author (all their programs) or per program, and where an author is paid. */
function EarningRates() {
  const load = useApiGet('/api/admin/earning-rates', readAdminRates);
  // After a save the list reloads behind the forms: the last answer stays, so no form (or its "Saved") goes away.
  const shown = useRef<AdminRates | null>(null);
  if (load.state === 'ready') shown.current = load.data;
  const rates = shown.current;
  return (
    <Panel title="Earning rates">
      {load.state === 'loading' && !rates ? <Skeleton lines={3} /> : null}
      {load.state === 'failed' || load.state === 'missing' ? (
        <ErrorPanel
          message={`The earning rates could not be loaded: ${load.state === 'failed' ? load.message : 'not found'}`}
          onRetry={load.reload}
        />
      ) : null}
      {rates ? (
        <>
          <p>
            The standard platform fee is {percentText(rates.default_percent)}. A program's own rate wins over its
            author's; a change applies to sales from then on.
          </p>
          {rates.authors.length === 0 ? (
            <p>No creators yet.</p>
          ) : (
            <ul aria-label="Authors">
              {rates.authors.map((a) => (
                <AuthorRateRows key={a.id} author={a} fallback={rates.default_percent} onSaved={load.reload} />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </Panel>
  );
}

/** `/admin/payments`: refund requests to decide, payouts to creators, and earning rates. */
export function AdminPayments() {
  return (
    <section className="lb-stack">
      <PageHeader
        title="Payments"
        description="Refund requests from buyers, payouts to creators, and what the platform keeps of each sale."
      />
      <RefundRequests />
      <Payouts />
      <EarningRates />
    </section>
  );
}
