import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import { listOf, problemOf } from '@lifeboard/shared/api/use-api-get';

export interface RefundRequest {
  id: number;
  program_title: string;
  buyer_name: string;
  seller_name: string;
  currency: string;
  gross_cents: number;
  created_at: string;
  refund_requested_at: string;
  refund_reason: string | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** `GET /api/admin/refund-requests`. */
export function readRefundRequests(body: unknown): RefundRequest[] | null {
  const list = listOf(body, 'requests');
  if (!list) return null;
  return list.flatMap((r) => (typeof r.id === 'number' && typeof r.gross_cents === 'number' ? [{
    id: r.id, program_title: str(r.program_title), buyer_name: str(r.buyer_name), seller_name: str(r.seller_name), currency: str(r.currency) || 'USD',
    gross_cents: r.gross_cents, created_at: str(r.created_at), refund_requested_at: str(r.refund_requested_at), refund_reason: typeof r.refund_reason === 'string' ? r.refund_reason : null,
  }] : []));
}

/** Approves (refunds) or declines a buyer's refund request: null when done, else why not. */
export async function decideRefund(id: number, decision: 'refund' | 'decline'): Promise<string | null> {
  const { status, body } = await send({ method: 'POST', url: `/api/transaction/${decision === 'refund' ? 'refund' : 'refund-decline'}`, data: { id } });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}
