import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { useAction } from '@lifeboard/shared/lib/use-action';
import { useState } from 'react';
import { Button } from '@lifeboard/shared/ui/Button';
import { ConfirmDialog } from '@lifeboard/shared/ui/Dialog';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { Table } from '@lifeboard/shared/ui/Table';
import { ActionProblem } from '@lifeboard/shared/ui/feedback';
import { amount, declineRefund, refundSale } from './ledger-api';
import type { Ledger, LedgerEntry } from './ledger-api';

export const stateLabel: Record<LedgerEntry['state'], string> = {
  pending: 'Pending',
  available: 'Available',
  paid_out: 'Paid out',
  refunded: 'Refunded',
};
export const day = (iso: string) => formatDisplayDay(iso);

export function CheckoutNote({ ledger }: { ledger: Pick<Ledger, 'provider'> }) {
  if (ledger.provider === 'stripe') return null;
  return (
    <p className="lb-muted" role="note">
      Payments on this installation go through the built-in test provider: buyers pay with test cards and no real money
      moves. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments.
    </p>
  );
}

/** What a refund request says, for the state column: "Refund requested on …: “reason”". */
export function requestWords(entry: LedgerEntry): string {
  if (!entry.refund_requested_at || entry.state === 'refunded') return '';
  return `Refund requested on ${day(entry.refund_requested_at)}${entry.refund_reason ? `: “${entry.refund_reason}”` : ''}`;
}

/** A sale's state in words: "Pending until Fri, Dec 4th 2026", "Paid out". */
export function stateWords(entry: LedgerEntry): string {
  return `${stateLabel[entry.state]}${entry.state === 'pending' ? ` until ${day(entry.available_at)}` : ''}`;
}

/**
 * Refunds a sale still in its refund window (or one whose buyer asked in time): the buyer's access ends and its
 * net leaves your balance. A buyer's request can be declined instead.
 */
export function RefundButton({ entry, onDone }: { entry: LedgerEntry; onDone: () => void }) {
  const { busy, error, run } = useAction<'refund' | 'decline'>();
  const [asking, setAsking] = useState(false);
  const requested = entry.refund_requested_at !== null && entry.state !== 'refunded';
  if (entry.state !== 'pending' && !requested) return null;
  async function act(kind: 'refund' | 'decline') {
    setAsking(false);
    if (await run(kind, () => (kind === 'refund' ? refundSale(entry.id) : declineRefund(entry.id)))) onDone();
  }
  const whose = `${entry.buyer_name}'s purchase of ${entry.program_title}`;
  return (
    <>
      <Button
        size="small"
        busy={busy === 'refund'}
        onClick={() => setAsking(true)}
        aria-label={`${requested ? 'Approve the refund of' : 'Refund'} ${whose}`}
      >
        {requested ? 'Approve refund' : 'Refund'}
      </Button>
      {requested ? (
        <Button
          size="small"
          busy={busy === 'decline'}
          onClick={() => void act('decline')}
          aria-label={`Decline the refund request for ${whose}`}
        >
          Decline
        </Button>
      ) : null}
      <ActionProblem message={error} inline />
      <ConfirmDialog
        open={asking}
        title={`Refund ${amount(entry.gross_cents, entry.currency)} to ${entry.buyer_name}?`}
        confirmLabel="Refund"
        danger
        onConfirm={() => void act('refund')}
        onCancel={() => setAsking(false)}
      >
        <p>Their access to “{entry.program_title}” ends.</p>
      </ConfirmDialog>
    </>
  );
}

/** What the creator has earned, per currency: pending in the refund window, available, paid out. */
export function Balances({ ledger }: { ledger: Ledger }) {
  return (
    <Panel title="Balance">
      <CheckoutNote ledger={ledger} />
      <Table
        columns={[
          'Currency',
          'Sales',
          'Gross',
          'Your net',
          'Pending (refund window)',
          'Available',
          'Paid out',
          'Refunded',
        ]}
        rows={ledger.balances}
        empty={<p>No sales yet: available 0.00 · pending 0.00.</p>}
        row={(b) => (
          <tr key={b.currency}>
            <th scope="row">{b.currency}</th>
            <td>{b.sales}</td>
            <td>{amount(b.gross_cents, b.currency)}</td>
            <td>{amount(b.net_cents, b.currency)}</td>
            <td>{amount(b.pending_cents, b.currency)}</td>
            <td>
              <strong>{amount(b.available_cents, b.currency)}</strong>
            </td>
            <td>{amount(b.paid_out_cents, b.currency)}</td>
            <td>{amount(b.refunded_cents, b.currency)}</td>
          </tr>
        )}
      />
    </Panel>
  );
}

/** A sale's net to its creator; a refunded sale's is struck through and said to be reversed (it left the balance). */
export function NetAmount({ entry }: { entry: Pick<LedgerEntry, 'net_cents' | 'currency' | 'state'> }) {
  if (entry.state !== 'refunded') return <>{amount(entry.net_cents, entry.currency)}</>;
  return (
    <span>
      <s>{amount(entry.net_cents, entry.currency)}</s> reversed by the refund
    </span>
  );
}
