import { useState } from 'react';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { formatMoney } from '@lifeboard/shared/lib/money';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { Button } from '@lifeboard/shared/ui/Button';
import { ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { decideRefund, readRefundRequests } from './payments-api';
import type { RefundRequest } from './payments-api';

function RequestActions({ request, onDone }: { request: RefundRequest; onDone: () => void }) {
  const [busy, setBusy] = useState<'refund' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function decide(decision: 'refund' | 'decline') {
    setBusy(decision);
    const failed = await decideRefund(request.id, decision);
    setBusy(null);
    setError(failed);
    if (!failed) onDone();
  }
  const whose = `${request.buyer_name}'s purchase of ${request.program_title}`;
  return (
    <>
      <Button size="small" variant="primary" busy={busy === 'refund'} onClick={() => void decide('refund')} aria-label={`Approve the refund of ${whose}`}>Approve refund</Button>
      <Button size="small" busy={busy === 'decline'} onClick={() => void decide('decline')} aria-label={`Decline the refund request for ${whose}`}>Decline</Button>
      {error ? <span role="alert" className="lb-field-error"> {error}</span> : null}
    </>
  );
}

/** Buyers' open refund requests: an admin approves (the buyer's access ends) or declines them, as the creator can. */
function RefundRequests() {
  const load = useApiGet('/api/admin/refund-requests', readRefundRequests);
  return (
    <Panel title="Refund requests">
      {load.state === 'loading' ? <Skeleton lines={3} /> : null}
      {load.state === 'failed' || load.state === 'missing' ? <ErrorPanel message={`The refund requests could not be loaded: ${load.state === 'failed' ? load.message : 'not found'}`} onRetry={load.reload} /> : null}
      {load.state === 'ready' && load.data.length === 0 ? <p>No buyer is waiting for a refund decision.</p> : null}
      {load.state === 'ready' && load.data.length ? (
        <table aria-label="Refund requests">
          <thead><tr><th scope="col">Asked on</th><th scope="col">Program</th><th scope="col">Buyer</th><th scope="col">Creator</th><th scope="col">Price</th><th scope="col">Reason</th><th scope="col">Decision</th></tr></thead>
          <tbody>{load.data.map((r) => (
            <tr key={r.id}>
              <td>{formatDisplayDay(r.refund_requested_at)}</td><td>{r.program_title}</td><td>{r.buyer_name}</td><td>{r.seller_name}</td>
              <td>{formatMoney(r.gross_cents, r.currency)}</td><td>{r.refund_reason ?? <span className="lb-muted">None given</span>}</td>
              <td><RequestActions request={r} onDone={load.reload} /></td>
            </tr>
          ))}</tbody>
        </table>
      ) : null}
    </Panel>
  );
}

/** `/admin/payments`: refund requests to decide. */
export function AdminPayments() {
  return (
    <section className="lb-stack">
      <PageHeader title="Payments" description="Refund requests from buyers. Approving refunds the buyer and ends their access to the program." />
      <RefundRequests />
    </section>
  );
}
