import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { $board, setBoard } from '@lifeboard/shared/stores/board';
import { setSession } from '@lifeboard/shared/stores/session';
import { signOutLocally } from '../../auth/session-actions';
import { cleanup, makeUser, renderAt } from '../auth/test-helpers';
import ProgramPurchase from './ProgramPurchase';
import ProgramSuccess from './ProgramSuccess';
import Checkout from './Checkout';

const api = withFakeApi();
beforeEach(() => {
  signOutLocally();
  localStorage.clear();
  api.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setSession('tok', makeUser());
  setBoard(11, 'Default Board');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const couch = {
  id: 31,
  guid: 'couch-to-5k-01',
  title: 'Couch to 5k',
  description: '<p>Start <em>slow</em></p>',
  price_cents: 0,
  currency: 'USD',
};
const paid = { ...couch, price_cents: 2900 };

describe('ProgramPurchase', () => {
  it('a free program subscribes and moves to the program’s board', async () => {
    api.on('POST /api/program/published', { body: { success: true, programs: [couch] } });
    api.on('POST /api/program/subscribe', { body: { success: true, board: 40, boardName: 'Couch to 5k' } });
    renderAt(<ProgramPurchase />, '/program-purchase/:programGuid', '/program-purchase/couch-to-5k-01');
    expect(await screen.findByRole('heading', { name: 'Couch to 5k' })).toBeTruthy();
    expect(screen.getByText('Start slow')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start this program' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/program-success/couch-to-5k-01'));
    expect(api.requests[0]?.body).toEqual({ guid: 'couch-to-5k-01' });
    expect(api.requests.at(-1)?.body).toEqual({ program_id: 31, isSubscribing: true, current_board_id: 11 });
    expect($board.get()).toEqual({ id: 40, name: 'Couch to 5k' });
  });

  it("shows the program's cover above its name, and no image for a program without one", async () => {
    api.on('POST /api/program/published', {
      body: {
        success: true,
        programs: [{ ...paid, cover: 'CouchCoverUploadId0000', cover_alt: 'Running shoes on a track' }],
      },
    });
    renderAt(<ProgramPurchase />, '/program-purchase/:programGuid', '/program-purchase/couch-to-5k-01');
    const cover = await screen.findByRole('img', { name: 'Running shoes on a track' });
    expect(cover.getAttribute('src')).toBe(`${api.url}/api/uploads/CouchCoverUploadId0000`);
    cleanup();
    api.on('POST /api/program/published', { body: { success: true, programs: [paid] } });
    renderAt(<ProgramPurchase />, '/program-purchase/:programGuid', '/program-purchase/couch-to-5k-01');
    await screen.findByRole('heading', { name: 'Couch to 5k' });
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('a paid program opens its checkout with one Idempotency-Key, also on a double click', async () => {
    api.on('POST /api/program/published', { body: { success: true, programs: [paid] } });
    api.on('POST /api/checkout/create', {
      body: {
        success: true,
        checkout_id: 'co_abcdefghijklmnop',
        url: `${window.location.origin}/checkout/co_abcdefghijklmnop`,
      },
    });
    renderAt(<ProgramPurchase />, '/program-purchase/:programGuid', '/program-purchase/couch-to-5k-01');
    const buy = await screen.findByRole('button', { name: 'Buy for 29.00 USD' });
    fireEvent.click(buy);
    fireEvent.click(buy);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/checkout/co_abcdefghijklmnop'));
    const creates = api.requests.filter((r) => r.path === '/api/checkout/create');
    expect(creates.length).toBeGreaterThanOrEqual(1);
    expect(new Set(creates.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(creates[0].body).toEqual({ program_guid: 'couch-to-5k-01' });
    expect(api.requests.some((r) => r.path === '/api/program/subscribe')).toBe(false);
  });

  it('a coupon code shows the discounted price and goes with the checkout; a refused code says why', async () => {
    api.on('POST /api/program/published', { body: { success: true, programs: [paid] } });
    api.on('POST /api/coupon/check', (request) =>
      (request.body as { coupon_code: string }).coupon_code === 'save20'
        ? {
            body: {
              success: true,
              code: 'SAVE20',
              price_cents: 2900,
              discount_cents: 580,
              amount_cents: 2320,
              currency: 'USD',
            },
          }
        : { status: 422, body: { message: 'Invalid input', errors: { coupon_code: ['has expired'] } } },
    );
    api.on('POST /api/checkout/create', {
      body: {
        success: true,
        checkout_id: 'co_abcdefghijklmnop',
        url: `${window.location.origin}/checkout/co_abcdefghijklmnop`,
      },
    });
    renderAt(<ProgramPurchase />, '/program-purchase/:programGuid', '/program-purchase/couch-to-5k-01');
    const field = await screen.findByLabelText('Coupon code');
    fireEvent.change(field, { target: { value: 'OLD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon has expired.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'save20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon SAVE20: −5.80 USD. You pay 23.20 USD.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy for 23.20 USD' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/checkout/co_abcdefghijklmnop'));
    expect(api.requests.find((r) => r.path === '/api/checkout/create')?.body).toEqual({
      program_guid: 'couch-to-5k-01',
      coupon_code: 'SAVE20',
    });
  });

  it('says so when no program has the link, after also looking at the user’s own', async () => {
    api.on('POST /api/program/published', { body: { success: true, programs: [] } });
    api.on('POST /api/program/all', { body: { success: true, programs: [] } });
    renderAt(<ProgramPurchase />, '/program-purchase/:programGuid', '/program-purchase/nothing-here');
    expect((await screen.findByRole('alert')).textContent).toMatch(/no published program has this link/i);
    expect(api.requests.map((r) => r.path)).toEqual(['/api/program/published', '/api/program/all']);
  });

  it('keeps the user on the page with a message when subscribing fails', async () => {
    api.on('POST /api/program/published', { body: { success: true, programs: [couch] } });
    api.on('POST /api/program/subscribe', { status: 404, body: { message: 'No such program.' } });
    renderAt(<ProgramPurchase />, '/program-purchase/:programGuid', '/program-purchase/couch-to-5k-01');
    fireEvent.click(await screen.findByRole('button', { name: 'Start this program' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be started/i);
    expect(screen.getByTestId('location').textContent).toBe('/program-purchase/couch-to-5k-01');
  });
});

describe('ProgramSuccess', () => {
  it('names the board the program went into, not the current one', async () => {
    api.on('GET /api/program-implement/couch-to-5k-01', {
      body: {
        success: true,
        program: { title: 'Couch to 5k' },
        subscription: {
          id: 9,
          status: 'active',
          board_id: 40,
          board_name: 'Couch to 5k',
          subscribed_at: '2026-11-20T10:00:00.000Z',
        },
      },
    });
    renderAt(<ProgramSuccess />, '/program-success/:programGuid', '/program-success/couch-to-5k-01');
    expect((await screen.findByText(/is set up on your board/)).textContent).toBe(
      '“Couch to 5k” is set up on your board “Couch to 5k”.',
    );
  });
});

describe('Checkout (the test provider’s card page)', () => {
  const checkout = {
    id: 'co_abcdefghijklmnop',
    status: 'open',
    provider: 'test',
    amount_cents: 2900,
    currency: 'USD',
    url: null,
    program: { guid: 'couch-to-5k-01', title: 'Couch to 5k' },
    board: null,
  };

  it('a declined card says so and stays; 4242 pays and goes to the success page', async () => {
    api.on('GET /api/checkout/co_abcdefghijklmnop', { body: { success: true, checkout } });
    api.on('POST /api/payments/test/pay', (request) =>
      (request.body as { card_number: string }).card_number.startsWith('4000')
        ? {
            status: 402,
            body: { success: false, error: 'Your card was declined. Try another card.', code: 'LB-CARD-DECLINED' },
          }
        : { body: { success: true, status: 'completed' } },
    );
    renderAt(<Checkout />, '/checkout/:checkoutId', '/checkout/co_abcdefghijklmnop');
    const card = await screen.findByLabelText('Card number');
    expect(screen.getByText('Price: 29.00 USD')).toBeTruthy();
    fireEvent.change(card, { target: { value: '4000 0000 0000 0002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay 29.00 USD' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/declined/);
    expect(screen.getByTestId('location').textContent).toBe('/checkout/co_abcdefghijklmnop');
    fireEvent.change(card, { target: { value: '4242 4242 4242 4242' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay 29.00 USD' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/program-success/couch-to-5k-01'));
    expect(api.requests.filter((r) => r.path === '/api/payments/test/pay').map((r) => r.body)).toEqual([
      { checkout_id: 'co_abcdefghijklmnop', card_number: '4000 0000 0000 0002' },
      { checkout_id: 'co_abcdefghijklmnop', card_number: '4242 4242 4242 4242' },
    ]);
  });

  it('a card that asks for confirmation shows the confirmation step', async () => {
    api.on('GET /api/checkout/co_abcdefghijklmnop', { body: { success: true, checkout } });
    api.on('POST /api/payments/test/pay', (request) => ({
      body: {
        success: true,
        status: (request.body as { confirmed?: boolean }).confirmed ? 'completed' : 'requires_action',
      },
    }));
    renderAt(<Checkout />, '/checkout/:checkoutId', '/checkout/co_abcdefghijklmnop');
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4000 0025 0000 3155' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay 29.00 USD' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/program-success/couch-to-5k-01'));
  });
});
