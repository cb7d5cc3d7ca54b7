import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { CreatorLedger, TransactionPage } from './LedgerPages';
import { daysEnding, earningsChart } from './SalesDashboard';

const api = withFakeApi();
beforeEach(() => {
  api.requests.length = 0;
});
afterEach(() => cleanup());

const entry = (over: Record<string, unknown>) => ({
  id: 1,
  program_id: 8,
  program_title: 'Run club',
  program_guid: 'run-club-12',
  buyer_name: 'Bea',
  created_at: '2026-11-01T10:00:00.000Z',
  available_at: '2026-11-15T10:00:00.000Z',
  state: 'available',
  currency: 'USD',
  gross_cents: 1000,
  tax_cents: 0,
  platform_fee_cents: 100,
  processing_fee_cents: 59,
  net_cents: 841,
  ...over,
});
const ledger = {
  success: true,
  checkout_enabled: true,
  provider: 'test',
  refund_window_days: 14,
  payouts: [],
  balances: [
    {
      currency: 'USD',
      sales: 3,
      gross_cents: 2000,
      net_cents: 1682,
      pending_cents: 841,
      available_cents: 841,
      refunded_cents: 1000,
    },
  ],
  entries: [
    entry({
      id: 3,
      buyer_name: 'Lou',
      state: 'pending',
      created_at: '2026-11-20T10:00:00.000Z',
      available_at: '2026-12-04T10:00:00.000Z',
    }),
    entry({ id: 2, buyer_name: 'Max', state: 'refunded' }),
    entry({ id: 1 }),
  ],
};

const at = (path: string, element: React.ReactNode, pattern = path) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
      </Routes>
    </MemoryRouter>,
  );

describe('creator ledger pages', () => {
  it('/creator-transactions shows balances and every sale from the server', async () => {
    api.on('GET /api/creator/ledger', { body: ledger });
    at('/creator-transactions', <CreatorLedger kind="transactions" />);
    const sales = await screen.findByRole('table', { name: 'Sales' });
    const rows = within(sales)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'Fri, Nov 20th 2026Run clubLou10.00 USD1.59 USD8.41 USDPending until Fri, Dec 4th 2026Refund',
      'Sun, Nov 1st 2026Run clubMax10.00 USD1.59 USD8.41 USD reversed by the refundRefunded',
      'Sun, Nov 1st 2026Run clubBea10.00 USD1.59 USD8.41 USDAvailable',
    ]);
    expect(screen.getByRole('row', { name: /^USD/ }).textContent).toBe(
      'USD320.00 USD16.82 USD8.41 USD8.41 USD0.00 USD10.00 USD',
    );
    expect(screen.getByRole('note').textContent).toMatch(/test provider/);
    expect(within(sales).getAllByRole('link')[0].getAttribute('href')).toBe('/transaction/3');
    // The refunded sale's net is struck through: it left the balance.
    expect(within(sales).getByText('8.41 USD', { selector: 's' })).toBeTruthy();
  });

  it('refunds a pending sale from the list and shows the ledger again', async () => {
    let refunded = false;
    api.on('GET /api/creator/ledger', () => ({
      body: refunded ? { ...ledger, entries: [entry({ id: 3, buyer_name: 'Lou', state: 'refunded' })] } : ledger,
    }));
    api.on('POST /api/transaction/refund', () => {
      refunded = true;
      return { body: { success: true, id: 3, state: 'refunded' } };
    });
    at('/creator-transactions', <CreatorLedger kind="transactions" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Refund Lou's purchase of Run club" }));
    const question = screen.getByRole('dialog', { name: 'Refund 10.00 USD to Lou?' });
    expect(api.requests.some((r) => r.path === '/api/transaction/refund')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Sales' }))
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.textContent),
      ).toEqual(['Sun, Nov 1st 2026Run clubLou10.00 USD1.59 USD8.41 USD reversed by the refundRefunded']),
    );
    expect(api.requests.find((r) => r.path === '/api/transaction/refund')?.body).toEqual({ id: 3 });
  });

  it('shows a buyer’s refund request with its reason; the creator approves or declines it', async () => {
    const requested = entry({
      id: 4,
      buyer_name: 'Ana',
      state: 'available',
      refund_requested_at: '2026-11-10T09:00:00.000Z',
      refund_reason: 'Too hard for me',
    });
    api.on('GET /api/creator/ledger', { body: { ...ledger, entries: [requested] } });
    api.on('POST /api/transaction/refund-decline', { body: { success: true, id: 4, refund_requested_at: null } });
    at('/creator-transactions', <CreatorLedger kind="transactions" />);
    const sales = await screen.findByRole('table', { name: 'Sales' });
    expect(within(sales).getAllByRole('row')[1].textContent).toContain(
      'AvailableRefund requested on Tue, Nov 10th 2026: “Too hard for me”',
    );
    // Asked within the window: it can still be approved once the sale is available.
    expect(screen.getByRole('button', { name: "Approve the refund of Ana's purchase of Run club" })).toBeTruthy();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: "Decline the refund request for Ana's purchase of Run club" }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/transaction/refund-decline')?.body).toEqual({ id: 4 }),
    );
  });

  it('/creator-payments lists what becomes available and when, and the payouts in words', async () => {
    api.on('GET /api/creator/ledger', {
      body: {
        ...ledger,
        payout_method: 'manual',
        payouts: [
          {
            id: 2,
            currency: 'USD',
            amount_cents: 2900,
            sales: 1,
            method: 'manual',
            status: 'pending',
            reference: null,
            created_at: '2026-11-30T06:00:00.000Z',
            paid_at: null,
          },
          {
            id: 1,
            currency: 'USD',
            amount_cents: 1682,
            sales: 2,
            method: 'manual',
            status: 'paid',
            reference: 'Bank ref 42',
            created_at: '2026-11-23T06:00:00.000Z',
            paid_at: '2026-11-24T09:00:00.000Z',
          },
        ],
      },
    });
    at('/creator-payments', <CreatorLedger kind="payments" />);
    const soon = (await screen.findByRole('heading', { name: 'Becoming available' })).closest('section') as HTMLElement;
    expect(
      within(soon)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fri, Dec 4th 2026: 8.41 USD from Run club (Lou)']);
    expect(
      within(screen.getByRole('list', { name: 'Payouts' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '29.00 USD for 1 sale, made Mon, Nov 30th 2026: waiting for an admin to send it',
      '16.82 USD for 2 sales, made Mon, Nov 23rd 2026: paid on Tue, Nov 24th 2026 (Bank ref 42)',
    ]);
    expect(screen.getByText(/ask an admin to connect your Stripe account/)).toBeTruthy();
  });

  it('the dashboard filters sales by days, program and state, refuses a range that ends before it starts, and downloads them as CSV', async () => {
    api.on('GET /api/creator/ledger', (request) => ({
      body: request.query.includes('state=refunded')
        ? { ...ledger, entries: [entry({ id: 2, buyer_name: 'Max', state: 'refunded' })] }
        : ledger,
    }));
    api.on('GET /api/creator/earnings', { body: { success: true, days: 90, today: '2026-11-25', points: [] } });
    api.on('GET /api/creator/earning-rates', {
      body: {
        success: true,
        default_percent: 10,
        processing_percent: 2.9,
        processing_fixed_cents: 30,
        tax_percent: 0,
        refund_window_days: 14,
        author: { platform_fee_percent: 10, source: 'default' },
        programs: [
          {
            id: 8,
            guid: 'run-club-12',
            title: 'Run club',
            price_cents: 1000,
            currency: 'USD',
            own_percent: null,
            rate: { platform_fee_percent: 10, source: 'default' },
            split: { tax_cents: 0, platform_fee_cents: 100, processing_fee_cents: 59, net_cents: 841 },
          },
        ],
      },
    });
    api.on('GET /api/creator/ledger.csv', { body: 'Date,Transaction\n', headers: { 'Content-Type': 'text/csv' } });
    const made: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        made.push(blob);
        return 'blob:sales';
      },
      revokeObjectURL: () => {},
    });
    try {
      at('/creator-transactions', <CreatorLedger kind="transactions" />);
      const user = userEvent.setup();
      expect(await screen.findByText('No sales in the last 90 days. Refunded sales are left out.')).toBeTruthy();
      const form = screen.getByRole('form', { name: 'Filter sales' });
      await within(form).findByRole('option', { name: 'Run club' });
      await user.selectOptions(within(form).getByLabelText('Program'), 'Run club');
      await user.selectOptions(within(form).getByLabelText('State'), 'Refunded');
      await waitFor(() =>
        expect(
          within(screen.getByRole('table', { name: 'Sales' }))
            .getAllByRole('row')
            .slice(1)
            .map((r) => r.textContent),
        ).toEqual(['Sun, Nov 1st 2026Run clubMax10.00 USD1.59 USD8.41 USD reversed by the refundRefunded']),
      );
      expect(api.requests.filter((r) => r.path === '/api/creator/ledger').at(-1)?.query).toBe(
        'program_id=8&state=refunded',
      );

      // A range ending before it starts is refused: the list stays as it was.
      const asked = api.requests.length;
      await user.type(within(form).getByLabelText('From'), '2026-11-20');
      await user.type(within(form).getByLabelText('To'), '2026-11-10');
      expect(within(form).getByRole('alert').textContent).toBe('The last day is before the first day.');
      expect(
        api.requests
          .slice(asked)
          .filter((r) => r.path === '/api/creator/ledger')
          .map((r) => r.query),
      ).toEqual(['from=2026-11-20&program_id=8&state=refunded']);

      await user.click(within(form).getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(made).toHaveLength(1));
      expect(api.requests.find((r) => r.path === '/api/creator/ledger.csv')?.query).toBe(
        'from=2026-11-20&program_id=8&state=refunded',
      );
      expect(made[0].type).toBe('text/csv;charset=utf-8');
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('draws earnings as one bar series per currency over the last days, and says what it shows', () => {
    expect(daysEnding('2026-03-01', 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    const chart = earningsChart({
      days: 7,
      today: '2026-11-25',
      points: [
        { day: '2026-11-20', currency: 'USD', net_cents: 2496, sales: 1 },
        { day: '2026-11-25', currency: 'USD', net_cents: 841, sales: 1 },
        { day: '2026-11-25', currency: 'EUR', net_cents: 2147, sales: 1 },
      ],
    });
    expect(chart.days).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(chart.series.map((s) => [s.label, s.values])).toEqual([
      ['Net EUR', [null, null, null, null, null, null, 21.47]],
      ['Net USD', [null, 24.96, null, null, null, null, 8.41]],
    ]);
    expect(chart.series[1].format(24.96)).toBe('24.96 USD');
    expect(chart.summary).toBe('Your net earnings in the last 7 days: 21.47 EUR from 1 sale; 33.37 USD from 2 sales.');
  });

  it('shows an empty state with no sales, and an error with a retry when the server fails', async () => {
    api.on('GET /api/creator/ledger', { body: { ...ledger, balances: [], entries: [] } });
    at('/creator-transactions', <CreatorLedger kind="transactions" />);
    expect(await screen.findByText('No sales yet')).toBeTruthy();
    cleanup();
    api.on('GET /api/creator/ledger', { status: 500, body: { error: 'Database is down' } });
    at('/creator-transactions', <CreatorLedger kind="transactions" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Database is down');
  });

  it('/transaction/:id shows a seller the fees and net, and a buyer the price', async () => {
    api.on('GET /api/transaction/1', {
      body: {
        success: true,
        role: 'seller',
        checkout_enabled: true,
        transaction: { ...entry({}), seller_name: 'Coach', subscription_status: 'active' },
      },
    });
    at('/transaction/1', <TransactionPage />, '/transaction/:id');
    expect(await screen.findByRole('heading', { name: 'Sale to Bea' })).toBeTruthy();
    expect(screen.getByText('Your net').nextElementSibling?.textContent).toBe('8.41 USD');
    cleanup();
    api.on('GET /api/transaction/1', {
      body: {
        success: true,
        role: 'buyer',
        checkout_enabled: true,
        transaction: { ...entry({ state: 'pending' }), seller_name: 'Coach', subscription_status: 'active' },
      },
    });
    at('/transaction/1', <TransactionPage />, '/transaction/:id');
    expect(await screen.findByRole('heading', { name: 'Bought from Coach' })).toBeTruthy();
    expect(screen.queryByText('Your net')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the program' }).getAttribute('href')).toBe(
      '/program-implement/run-club-12',
    );
  });

  it('/transaction/:id says so for an unknown or malformed id', async () => {
    at('/transaction/99', <TransactionPage />, '/transaction/:id');
    expect(await screen.findByRole('heading', { name: 'Transaction not found' })).toBeTruthy();
    cleanup();
    at('/transaction/abc', <TransactionPage />, '/transaction/:id');
    expect(screen.getByRole('heading', { name: 'Transaction not found' })).toBeTruthy();
    expect(api.requests.some((r) => r.path === '/api/transaction/abc')).toBe(false);
  });
});
