import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { AreaRoutes } from './routes';

const api = withFakeApi();
beforeEach(() => {
  api.requests.length = 0;
});
afterEach(() => cleanup());

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AreaRoutes />
    </MemoryRouter>,
  );

describe('mf-admin routes', () => {
  it('/admin/users lists users and changes a role after confirmation', async () => {
    const users = [
      { id: 1, email: 'ada@example.com', name: 'Ada', role: 'admin', created_at: '2026-11-01T10:00:00.000Z' },
      { id: 2, email: 'bob@example.com', name: 'Bob', role: 'user', created_at: '2026-11-02T10:00:00.000Z' },
    ];
    api.on('GET /api/admin/users', { body: { success: true, users } });
    api.on('POST /api/admin/users/role', ({ body }) => ({ body: { success: true, user: body } }));
    const user = userEvent.setup();
    at('/admin/users');
    const row = (await screen.findByRole('link', { name: 'Bob' })).closest('tr') as HTMLElement;
    await user.selectOptions(within(row).getByLabelText('Role of bob@example.com'), 'creator');
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/admin/users/role')?.body).toEqual({ id: 2, role: 'creator' }),
    );
  });

  it('/admin/users/:id shows boards, programs and devices, and suspends after confirmation', async () => {
    let suspendedAt: string | null = null;
    const detail = () => ({
      id: 2,
      email: 'bob@example.com',
      name: 'Bob',
      role: 'user',
      created_at: '2026-11-02T10:00:00.000Z',
      suspended_at: suspendedAt,
      boards: [{ id: 5, name: 'Garden', created_at: '2026-11-02T10:00:00.000Z' }],
      programs_bought: [
        {
          subscription_id: 9,
          program_id: 3,
          title: 'Calm Mornings',
          status: 'active',
          created_at: '2026-11-03T10:00:00.000Z',
        },
      ],
      programs_sold: [],
      devices: [
        {
          id: 1,
          name: 'Firefox on Linux',
          created_at: '2026-11-02T10:00:00.000Z',
          last_used_at: '2026-11-04T10:00:00.000Z',
          revoked_at: null,
        },
      ],
    });
    api.on('GET /api/admin/users/2', () => ({ body: { success: true, user: detail() } }));
    api.on('POST /api/admin/users/suspend', () => {
      suspendedAt = '2026-11-05T10:00:00.000Z';
      return { body: { success: true, user: { id: 2, email: 'bob@example.com', suspended_at: suspendedAt } } };
    });
    const user = userEvent.setup();
    at('/admin/users/2');
    expect(await screen.findByText('Garden')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Calm Mornings' }).getAttribute('href')).toBe('/admin/program/3');
    expect(screen.getByText('Firefox on Linux')).toBeTruthy();
    expect(screen.getByText('They sell no programs.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Suspend account' }));
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/admin/users/suspend')?.body).toEqual({ id: 2, suspended: true }),
    );
    expect(await screen.findByText(/^Suspended since/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore account' })).toBeTruthy();
  });

  it('/admin/audit lists entries in words and searches', async () => {
    api.on('GET /api/admin/audit', (request) => ({
      body: {
        success: true,
        next_cursor: null,
        entries: request.query.includes('nobody')
          ? []
          : [
              {
                id: 7,
                at: '2026-11-05T10:00:00.000Z',
                actor_id: 1,
                actor_email: 'ada@example.com',
                action: 'user.role',
                target_type: 'user',
                target_id: '2',
                detail: { email: 'bob@example.com', from: 'user', to: 'creator' },
              },
            ],
      },
    }));
    const user = userEvent.setup();
    at('/admin/audit');
    const row = (await screen.findByText('bob@example.com: user → creator')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Role changed')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('/admin/users/1');
    await user.type(screen.getByLabelText(/Search/), 'nobody');
    expect(await screen.findByText('No entries match')).toBeTruthy();
  });

  it('shows an error panel when the server refuses (not an admin)', async () => {
    api.on('GET /api/admin/users', { status: 403, body: { message: 'Admins only.' } });
    api.on('GET /api/admin/programs', {
      status: 403,
      body: { success: false, error: 'Only administrators may do that.' },
    });
    at('/admin');
    expect(await screen.findByText('Admin data could not be loaded.')).toBeTruthy();
  });

  it('/admin/programs approves a program in review from the list; /admin/program/:id rejects with a reason', async () => {
    const inReview = {
      id: 3,
      guid: 'guid-0003',
      title: 'New one',
      description: '',
      price_cents: 2900,
      currency: 'USD',
      status: 'review',
      template: {},
      author: { id: 4, name: 'Coach', email: 'coach@example.com' },
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-02T10:00:00.000Z',
      subscriptions: { active: 0, total: 0 },
      review: null,
    };
    let status = 'review';
    api.on('GET /api/admin/programs', () => ({ body: { success: true, programs: [{ ...inReview, status }] } }));
    api.on('POST /api/admin/programs/review', (request) => {
      const body = request.body as { decision: string; reason?: string };
      if (body.decision === 'reject' && !body.reason)
        return {
          status: 422,
          body: { message: 'reason is needed: tell the creator what to change', errors: { reason: ['is needed'] } },
        };
      status = body.decision === 'approve' ? 'published' : 'draft';
      return {
        body: {
          success: true,
          program: { id: 3, status },
          review: { decision: body.decision, reason: body.reason ?? null, created_at: '2026-11-03T10:00:00.000Z' },
        },
      };
    });
    const user = userEvent.setup();
    at('/admin/programs');
    await user.click(await screen.findByRole('button', { name: 'Approve New one' }));
    expect(await screen.findByRole('button', { name: 'Unpublish New one' })).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/admin/programs/review')?.body).toEqual({
      id: 3,
      decision: 'approve',
    });
    cleanup();

    status = 'review';
    api.on('GET /api/admin/programs/3', () => ({ body: { success: true, program: { ...inReview, status } } }));
    at('/admin/program/3');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/reason is needed/);
    await user.type(screen.getByLabelText(/Reason/), 'Say what a buyer gets.');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/api/admin/programs/review').at(-1)?.body).toEqual({
        id: 3,
        decision: 'reject',
        reason: 'Say what a buyer gets.',
      }),
    );
  });

  it('/admin/programs lists drafts too, with author and subscribers, and filters by status', async () => {
    const program = (over: Record<string, unknown>) => ({
      id: 1,
      guid: 'guid-0001',
      title: 'Run club',
      description: '',
      price_cents: 1200,
      currency: 'EUR',
      status: 'published',
      template: {},
      author: { id: 4, name: 'Coach', email: 'coach@example.com' },
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-02T10:00:00.000Z',
      subscriptions: { active: 2, total: 3 },
      ...over,
    });
    api.on('GET /api/admin/programs', {
      body: {
        success: true,
        programs: [
          program({}),
          program({
            id: 2,
            title: 'Secret draft',
            status: 'draft',
            price_cents: 0,
            subscriptions: { active: 0, total: 0 },
          }),
        ],
      },
    });
    const user = userEvent.setup();
    at('/admin/programs');
    const table = await screen.findByRole('table', { name: 'Programs' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      'Run clubPublishedCoach12.00 EUR2 active / 3Mon, Nov 2nd 2026Unpublish',
      'Secret draftDraftCoachFree0 active / 0Mon, Nov 2nd 2026',
    ]);
    expect(within(table).getByRole('link', { name: 'Secret draft' }).getAttribute('href')).toBe('/admin/program/2');
    api.on('GET /api/admin/programs', {
      body: { success: true, programs: [program({ id: 2, title: 'Secret draft', status: 'draft' })] },
    });
    await user.selectOptions(screen.getByLabelText('Status'), 'draft');
    // The list reloads from the server (the old rows may go as soon as it starts loading, before the request lands).
    await waitFor(() => expect(api.requests.filter((r) => r.path === '/api/admin/programs')).toHaveLength(2));
    expect(await screen.findByRole('link', { name: 'Secret draft' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Run club' })).toBeNull();
  });

  it('/admin/program/:id shows a draft with its author and what it installs', async () => {
    api.on('GET /api/admin/programs/2', {
      body: {
        success: true,
        program: {
          id: 2,
          guid: 'guid-0002',
          title: 'Secret draft',
          description: '<p>Just <b>notes</b></p>',
          price_cents: 0,
          currency: 'USD',
          status: 'draft',
          template: { habits: [{ title: 'Stretch' }] },
          author: { id: 4, name: 'Coach', email: 'coach@example.com' },
          created_at: '2026-11-01T10:00:00.000Z',
          updated_at: '2026-11-02T10:00:00.000Z',
          subscriptions: { active: 0, total: 0 },
          chapters: [
            {
              id: 8,
              position: 0,
              title: 'Week one',
              body: '<p>Walk <b>20 minutes</b></p>',
              available_after_days: 0,
              video_url: 'https://vimeo.com/76979871',
              files: [{ id: 'f'.repeat(32), name: 'Route map.pdf', type: 'application/pdf', size: 2_516_582 }],
              quiz: [{ question: 'How far?', choices: ['1 km', '2 km'], answer: 1 }],
            },
            { id: 9, position: 1, title: 'Week two', body: '', available_after_days: 7 },
          ],
        },
      },
    });
    at('/admin/program/2');
    expect(await screen.findByRole('heading', { name: 'Secret draft', level: 1 })).toBeTruthy();
    expect(screen.getByText(/^Draft · Price: Free$/)).toBeTruthy();
    expect(screen.getByText('Just notes')).toBeTruthy();
    expect(screen.getByText('Stretch')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Chapters (2)' })).toBeTruthy();
    const first = screen.getByRole('article', { name: 'Chapter 1: Week one' });
    expect(first.textContent).toContain('(opens at once)');
    expect(first.textContent).toContain('Walk 20 minutes');
    expect(first.textContent).toContain('Video: https://vimeo.com/76979871');
    expect(first.textContent).toContain('Route map.pdf (2.4 MB)');
    const quiz = screen.getByRole('list', { name: 'Quiz of Week one' });
    expect(quiz.textContent).toBe('How far?1 km2 km (right answer)');
    expect(screen.getByRole('article', { name: 'Chapter 2: Week two' }).textContent).toContain(
      '(opens 7 days after buying)',
    );
    cleanup();
    at('/admin/program/99');
    expect(await screen.findByRole('heading', { name: 'Program not found' })).toBeTruthy();
  });

  it('/admin/program/:id shows the cover buyers will see, how it is described, and removes it after confirmation', async () => {
    const base = {
      id: 5,
      guid: 'guid-0005',
      title: 'Loud cover',
      description: '',
      price_cents: 0,
      currency: 'USD',
      status: 'review',
      template: {},
      author: { id: 4, name: 'Coach', email: 'coach@example.com' },
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-02T10:00:00.000Z',
      subscriptions: { active: 0, total: 0 },
      review: null,
    };
    let cover: string | null = 'LoudCoverUploadId00000';
    api.on('GET /api/admin/programs/5', () => ({
      body: { success: true, program: { ...base, cover, cover_alt: cover ? 'Neon letters' : null } },
    }));
    api.on('POST /api/program/cover', () => {
      cover = null;
      return { body: { success: true, program: base } };
    });
    const user = userEvent.setup();
    at('/admin/program/5');
    const image = await screen.findByRole('img', { name: 'Neon letters' });
    expect(image.getAttribute('src')).toBe(`${api.url}/api/uploads/LoudCoverUploadId00000`);
    expect(screen.getByText('Described as: “Neon letters”.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove the cover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the cover of “Loud cover”?' });
    expect(api.requests.find((r) => r.path === '/api/program/cover')).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Remove the cover' }));
    await screen.findByText('No cover: buyers see the title and description only.');
    expect(api.requests.find((r) => r.path === '/api/program/cover')?.body).toEqual({ program_id: 5, upload_id: null });
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('/admin/payments lists buyers’ refund requests; approving refunds the sale', async () => {
    api.on('GET /api/admin/refund-requests', {
      body: {
        success: true,
        requests: [
          {
            id: 41,
            program_title: 'Run club',
            buyer_name: 'Bea',
            seller_name: 'Coach',
            currency: 'USD',
            gross_cents: 2900,
            created_at: '2026-11-01T10:00:00.000Z',
            refund_requested_at: '2026-11-03T10:00:00.000Z',
            refund_reason: 'Not for me',
          },
        ],
      },
    });
    api.on('POST /api/transaction/refund', { body: { success: true, id: 41, state: 'refunded' } });
    at('/admin/payments');
    const table = await screen.findByRole('table', { name: 'Refund requests' });
    expect(within(table).getAllByRole('row')[1].textContent).toBe(
      'Tue, Nov 3rd 2026Run clubBeaCoach29.00 USDNot for meApprove refundDecline',
    );
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: "Approve the refund of Bea's purchase of Run club" }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/transaction/refund')?.body).toEqual({ id: 41 }),
    );
  });

  it('/admin/payments lists payouts; an admin marks a manual one paid and runs the payouts now', async () => {
    let paid = false;
    const payout = {
      id: 7,
      seller_id: 3,
      seller_name: 'Coach',
      seller_email: 'coach@example.com',
      currency: 'USD',
      amount_cents: 2496,
      sales: 1,
      method: 'manual',
      status: 'pending',
      reference: null,
      created_at: '2026-11-30T06:00:00.000Z',
      paid_at: null,
    };
    api.on('GET /api/admin/refund-requests', { body: { success: true, requests: [] } });
    api.on('GET /api/admin/earning-rates', { body: { success: true, default_percent: 10, authors: [] } });
    api.on('GET /api/admin/payouts', () => ({
      body: {
        success: true,
        payouts: [
          paid ? { ...payout, status: 'paid', reference: 'Bank 42', paid_at: '2026-12-01T10:00:00.000Z' } : payout,
        ],
      },
    }));
    api.on('POST /api/admin/payouts/mark-paid', () => {
      paid = true;
      return { body: { success: true, payout } };
    });
    api.on('POST /api/admin/payouts/run', { body: { success: true, made: [] } });
    at('/admin/payments');
    const table = await screen.findByRole('table', { name: 'Payouts' });
    const user = userEvent.setup();
    expect(within(table).getAllByRole('row')[1].textContent).toMatch(
      /^Mon, Nov 30th 2026Coach coach@example\.com24\.96 USD1By handWaiting for you to send it/,
    );
    await user.type(within(table).getByLabelText('How you paid Coach (optional)'), 'Bank 42');
    await user.click(within(table).getByRole('button', { name: 'Mark the payout of 24.96 USD to Coach paid' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Payouts' })).getAllByRole('row')[1].textContent).toMatch(
        /Paid on Tue, Dec 1st 2026 \(Bank 42\)$/,
      ),
    );
    expect(api.requests.find((r) => r.path === '/api/admin/payouts/mark-paid')?.body).toEqual({
      id: 7,
      reference: 'Bank 42',
    });
    await user.click(screen.getByRole('button', { name: 'Pay out available balances now' }));
    expect((await screen.findByText(/nothing was paid out/)).textContent).toBe(
      ' No creator had an available balance: nothing was paid out.',
    );
  });

  it('/admin/payments sets an author’s and a program’s platform fee; a bad percent is refused and sends nothing', async () => {
    api.on('GET /api/admin/refund-requests', { body: { success: true, requests: [] } });
    api.on('GET /api/admin/payouts', { body: { success: true, payouts: [] } });
    api.on('GET /api/admin/earning-rates', {
      body: {
        success: true,
        default_percent: 10,
        authors: [
          {
            id: 3,
            name: 'Coach',
            email: 'coach@example.com',
            own_percent: null,
            stripe_account_id: null,
            programs: [
              {
                id: 8,
                guid: 'g',
                title: 'Run club',
                price_cents: 2900,
                currency: 'USD',
                own_percent: null,
                rate: { platform_fee_percent: 10, source: 'default' },
                split: { net_cents: 2496 },
              },
            ],
          },
        ],
      },
    });
    api.on('POST /api/admin/earning-rates', { body: { success: true } });
    at('/admin/payments');
    const user = userEvent.setup();
    const author = await screen.findByRole('form', { name: 'Rate of Coach' });
    expect(
      screen.getByText(/Run club: 29\.00 USD, platform fee 10%; the creator earns 24\.96 USD a sale/),
    ).toBeTruthy();
    await user.type(within(author).getByLabelText('Platform fee (%)'), '120');
    await user.click(within(author).getByRole('button', { name: 'Save' }));
    expect(within(author).getByRole('alert').textContent).toMatch(/from 0 to 100/);
    expect(within(author).getByLabelText<HTMLInputElement>('Platform fee (%)').value).toBe('120');
    expect(api.requests.some((r) => r.path === '/api/admin/earning-rates' && r.method === 'POST')).toBe(false);
    await user.clear(within(author).getByLabelText('Platform fee (%)'));
    await user.type(within(author).getByLabelText('Platform fee (%)'), '7,5');
    await user.type(within(author).getByLabelText('Stripe account'), 'acct_1Nv0FGQ9RKHgCVdK');
    await user.click(within(author).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/admin/earning-rates' && r.method === 'POST')?.body).toEqual({
        seller_id: 3,
        platform_fee_percent: 7.5,
        stripe_account_id: 'acct_1Nv0FGQ9RKHgCVdK',
      }),
    );
    expect(await within(author).findByRole('status')).toBeTruthy();
    const program = screen.getByRole('form', { name: 'Rate of Run club' });
    await user.type(within(program).getByLabelText('Platform fee (%)'), '20');
    await user.click(within(program).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        api.requests.filter((r) => r.path === '/api/admin/earning-rates' && r.method === 'POST').at(-1)?.body,
      ).toEqual({ program_id: 8, platform_fee_percent: 20 }),
    );
  });

  it('/admin/ai-models adds a provider with its key, models and daily limit, and never shows the key back', async () => {
    api.on('GET /api/admin/ai/models', {
      body: { success: true, configured: false, problems: [], provider: null, models: [] },
    });
    let providers: unknown[] = [];
    api.on('GET /api/admin/ai/providers', () => ({ body: { success: true, key_storage: true, providers } }));
    api.on('POST /api/admin/ai/providers/create', ({ body }) => {
      const input = body as { name: string; base_url: string; models: string[]; daily_limit: number | null };
      providers = [
        {
          id: 1,
          name: input.name,
          base_url: input.base_url,
          has_api_key: true,
          enabled: true,
          daily_limit: input.daily_limit,
          timeout_ms: 60000,
          models: input.models.map((name, i) => ({ id: 1001 + i, name, enabled: true })),
          updated_at: '2026-11-05T10:00:00.000Z',
        },
      ];
      return { body: { success: true, provider: providers[0] } };
    });
    const user = userEvent.setup();
    at('/admin/ai-models');
    expect(await screen.findByText('No provider is set up here yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a provider' }));
    const form = screen.getByRole('form', { name: 'New provider' });
    await user.type(within(form).getByLabelText('Name'), 'Local Ollama');
    await user.type(within(form).getByLabelText(/Address/), 'http://localhost:11434/v1');
    await user.type(within(form).getByLabelText('API key'), 'sk-typed');
    await user.type(within(form).getByLabelText('Models'), 'llama3.2, qwen2.5');
    await user.type(within(form).getByLabelText('Requests per person per day'), 'many');
    await user.click(within(form).getByRole('button', { name: 'Add provider' }));
    expect(await within(form).findByText(/daily limit is a whole number/)).toBeTruthy();
    expect(api.requests.some((r) => r.path === '/api/admin/ai/providers/create')).toBe(false);
    await user.clear(within(form).getByLabelText('Requests per person per day'));
    await user.type(within(form).getByLabelText('Requests per person per day'), '20');
    await user.click(within(form).getByRole('button', { name: 'Add provider' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/admin/ai/providers/create')?.body).toEqual({
        name: 'Local Ollama',
        base_url: 'http://localhost:11434/v1',
        api_key: 'sk-typed',
        models: ['llama3.2', 'qwen2.5'],
        disabled_models: [],
        enabled: true,
        daily_limit: 20,
        timeout_ms: 60000,
      }),
    );
    const card = await screen.findByLabelText('Local Ollama');
    expect(card.textContent).toContain('20 requests per person a day');
    expect(card.textContent).toContain('Models: llama3.2, qwen2.5');
    expect(document.body.textContent).not.toContain('sk-typed');
  });

  it('/admin/ai-model-testing says so when there is no model, and links to setting one up', async () => {
    api.on('GET /api/ai/models', { body: { configured: false, models: [] } });
    at('/admin/ai-model-testing');
    expect(await screen.findByRole('heading', { name: 'No AI model to test' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add one' }).getAttribute('href')).toBe('/admin/ai-models');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('/admin/ai-model-testing streams the reply in, then the time and tokens, or the provider’s failure', async () => {
    api.on('GET /api/ai/models', {
      body: {
        configured: true,
        models: [
          { id: 1001, name: 'small-1', provider: 'Stand-in' },
          { id: 1002, name: 'large-2', provider: 'Stand-in' },
        ],
      },
    });
    const sse = (events: [string, unknown][]) => ({
      headers: { 'Content-Type': 'text/event-stream' },
      text: events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(''),
    });
    api.on('POST /api/admin/ai/test-stream', () =>
      sse([
        ['delta', { text: 'Plan ' }],
        ['delta', { text: 'your week.' }],
        [
          'done',
          {
            model: 'large-2',
            latency_ms: 1200,
            first_token_ms: 300,
            usage: { prompt_tokens: 12, completion_tokens: 3 },
          },
        ],
      ]),
    );
    const user = userEvent.setup();
    at('/admin/ai-model-testing');
    await user.selectOptions(await screen.findByLabelText('Model'), 'large-2 (Stand-in)');
    await user.type(screen.getByLabelText('Prompt'), 'Plan my week');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Plan your week.')).toBeTruthy();
    expect(screen.getByLabelText('Measures').textContent).toBe(
      'From large-2. First words after 0.3 s, whole reply in 1.2 s. Tokens: 12 in the prompt, 3 in the reply.',
    );
    expect(api.requests.find((r) => r.path === '/api/admin/ai/test-stream')?.body).toEqual({
      model_id: 1002,
      prompt: 'Plan my week',
    });

    api.on('POST /api/admin/ai/test-stream', () =>
      sse([['error', { message: 'The provider answered 401: Incorrect API key provided', provider_status: 401 }]]),
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect API key provided');
  });

  it('an address the area does not own shows a not-found panel (after the short wait that spares a leaving area a flash)', async () => {
    at('/admin/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/admin/nothing-here')).toBeTruthy();
  });
});

describe('/admin/queue', () => {
  const view = {
    success: true,
    kinds: [
      {
        name: 'mail',
        label: 'E-mails (account mail, invitations)',
        waiting: 3,
        waiting_capped: false,
        scheduled: 1,
        active: 0,
        retrying: 2,
        failed: 1,
      },
      {
        name: 'reminder-mail',
        label: 'Reminders',
        waiting: 1000,
        waiting_capped: true,
        scheduled: 990,
        active: 4,
        retrying: 0,
        failed: 0,
      },
    ],
    failed: [
      {
        id: '4f3c2a10-0000-4000-8000-000000000001',
        kind: 'mail',
        label: 'E-mails (account mail, invitations)',
        summary: '“Welcome” to bo@example.com',
        error: 'SMTP said 550: no such mailbox',
        attempts: 13,
        failed_at: '2026-11-25T09:30:00.000Z',
        queued_at: '2026-11-24T09:30:00.000Z',
      },
    ],
  };

  it('shows the jobs per kind and retries or discards a failed one', async () => {
    let served = view;
    api.on('GET /api/admin/queue', () => ({ body: served }));
    api.on('POST /api/admin/queue/retry', () => {
      served = { ...view, failed: [] };
      return { body: { success: true } };
    });
    const user = userEvent.setup();
    at('/admin/queue');
    const table = await screen.findByRole('table', { name: 'Jobs by kind' });
    const mail = within(table).getByRole('row', { name: /E-mails/ });
    expect(
      within(mail)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '1', '0', '2', '1']);
    expect(within(within(table).getByRole('row', { name: /Reminders/ })).getAllByRole('cell')[0].textContent).toBe(
      '1000+',
    );
    const failed = screen.getByRole('list', { name: 'Failed jobs' });
    expect(within(failed).getByText(/“Welcome” to bo@example.com/)).toBeTruthy();
    expect(within(failed).getByText(/after 13 attempts: “SMTP said 550: no such mailbox”/)).toBeTruthy();
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No failed jobs')).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/admin/queue/retry')?.body).toEqual({ id: view.failed[0].id });
  });

  it('says what went wrong when a discard is refused', async () => {
    api.on('GET /api/admin/queue', { body: view });
    api.on('POST /api/admin/queue/discard', { status: 404, body: { success: false, error: 'No such failed job.' } });
    const user = userEvent.setup();
    at('/admin/queue');
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Discarding the job did not work: No such failed job.');
  });
});

/**
 * Every route architecture.md gives mf-admin ("Which area owns which route"). mf-admin does not depend on
 * the shell, so the shell's route table cannot be imported here: keep this list in step with it.
 */
const ownedRoutes = [
  '/admin',
  '/admin/programs',
  '/admin/program/:id',
  '/admin/users',
  '/admin/users/:id',
  '/admin/authors',
  '/admin/ai-models',
  '/admin/ai-model-testing',
  '/admin/queue',
  '/admin/payments',
];

describe('mf-admin route coverage', () => {
  it.each(ownedRoutes.map((pattern) => pattern.replace(/:[A-Za-z]+/g, '7')))(
    '%s has a screen of its own',
    async (path) => {
      at(path);
      expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
      expect(document.querySelector('[data-area="mf_admin"]')?.children.length).toBeGreaterThan(0);
      // Let the screen finish loading (its calls answered) before the next one.
      await waitFor(() => expect(document.querySelector('.lb-skeleton')).toBeNull());
    },
  );
});
