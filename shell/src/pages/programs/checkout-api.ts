import { failure, isSuccessStatus, send } from '@lifeboard/shared/api/client';
import type { ApiResult } from '@lifeboard/shared/api/client';

export interface CheckoutView {
  id: string;
  status: 'open' | 'requires_action' | 'completed';
  provider: 'test' | 'stripe';
  amount_cents: number;
  /** A coupon's discount (0: none). */
  discount_cents: number;
  currency: string;
  url: string | null;
  program: { guid: string; title: string };
  board: { id: number; name: string } | null;
}

/** Starts buying a paid program; the same `idempotencyKey` (one per visit of the page) answers the same checkout. */
export async function createCheckout(
  programGuid: string,
  idempotencyKey: string,
  couponCode?: string,
): Promise<ApiResult<{ checkout_id: string; url: string }>> {
  const data = { program_guid: programGuid, ...(couponCode ? { coupon_code: couponCode } : {}) };
  const { status, body } = await send({
    method: 'POST',
    url: '/api/checkout/create',
    data,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if (!isSuccessStatus(status)) return failure(status, body);
  const answer = body as { checkout_id: string; url: string };
  return { ok: true, status, data: { checkout_id: answer.checkout_id, url: answer.url } };
}

export interface CouponPrice {
  code: string;
  price_cents: number;
  discount_cents: number;
  amount_cents: number;
  currency: string;
}

/** What a program costs with a coupon code (`/api/coupon/check`). */
export async function checkCoupon(programGuid: string, code: string): Promise<ApiResult<CouponPrice>> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/coupon/check',
    data: { program_guid: programGuid, coupon_code: code },
  });
  if (!isSuccessStatus(status)) return failure(status, body);
  const { success: _ok, ...price } = body as CouponPrice & { success: true };
  return { ok: true, status, data: price };
}

export async function loadCheckout(id: string): Promise<ApiResult<CheckoutView>> {
  const { status, body } = await send({ method: 'GET', url: `/api/checkout/${encodeURIComponent(id)}` });
  if (!isSuccessStatus(status)) return failure(status, body);
  return { ok: true, status, data: (body as { checkout: CheckoutView }).checkout };
}

/** The test provider's card payment (`/api/payments/test/pay`). */
export async function payWithTestCard(
  id: string,
  cardNumber: string,
  confirmed = false,
): Promise<ApiResult<{ status: 'completed' | 'requires_action' }>> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/payments/test/pay',
    data: { checkout_id: id, card_number: cardNumber, ...(confirmed ? { confirmed: true } : {}) },
  });
  if (!isSuccessStatus(status)) return failure(status, body);
  return { ok: true, status, data: { status: (body as { status: 'completed' | 'requires_action' }).status } };
}

/** A key for one visit of a purchase page: a double click or a retry sends the same one. */
export function newIdempotencyKey(): string {
  return `buy-${crypto.randomUUID()}`;
}

/** The board a program went into, from the caller's subscription to it (`/api/program-implement/:guid`). */
export async function subscribedBoard(
  guid: string,
): Promise<ApiResult<{ title: string; board: { id: number; name: string } | null }>> {
  const { status, body } = await send({ method: 'GET', url: `/api/program-implement/${encodeURIComponent(guid)}` });
  if (!isSuccessStatus(status)) return failure(status, body);
  const answer = body as {
    program: { title: string };
    subscription: { status: string; board_id: number | null; board_name: string | null } | null;
  };
  const sub = answer.subscription;
  return {
    ok: true,
    status,
    data: {
      title: answer.program.title,
      board:
        sub && sub.status === 'active' && sub.board_id !== null
          ? { id: sub.board_id, name: sub.board_name ?? '' }
          : null,
    },
  };
}
