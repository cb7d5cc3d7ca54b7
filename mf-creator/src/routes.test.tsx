import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { $board, setBoard } from '@lifeboard/shared/stores/board';
import { tokenStorageKey } from '@lifeboard/shared/stores/session';
import { clearData } from '@lifeboard/shared/stores/data';
import { AreaRoutes } from './routes';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.requests.length = 0;
});
afterEach(() => {
  cleanup();
  clearData();
});

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AreaRoutes />
    </MemoryRouter>,
  );
const program = {
  id: 8,
  board_id: 3,
  created_at: '',
  updated_at: '',
  title: 'Morning reset',
  description: '<p>Start <b>well</b></p>',
  price_cents: 0,
  currency: 'USD',
  status: 'published',
  template: { habits: [{ title: 'Wake at 6' }] },
};

describe('mf-creator routes', () => {
  it('/programs subscribes to a program and switches to its new board', async () => {
    api.on('POST /api/program/published', { body: { success: true, programs: [program] } });
    api.on('POST /api/program/subscribe', { body: { success: true, board: 12, boardName: 'Morning reset' } });
    const user = userEvent.setup();
    at('/programs');
    expect(await screen.findByText('Start well')).toBeTruthy();
    expect(screen.getByText(/Installs 1 habits/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Subscribe to Morning reset' }));
    await waitFor(() => expect($board.get()).toEqual({ id: 12, name: 'Morning reset' }));
    expect(api.requests.find((r) => r.path === '/api/program/subscribe')?.body).toEqual({
      program_id: 8,
      isSubscribing: true,
      current_board_id: 1,
    });
  });

  it('/programs searches by words and a category, and shows each card’s author and category', async () => {
    api.on('POST /api/program/published', (request) => {
      const { search, category } = request.body as { search?: string; category?: string };
      const all = [
        { ...program, author_name: 'Ann Lee', category: 'fitness' },
        { ...program, id: 9, title: 'Calm evenings', author_name: 'Bob Stone', category: 'mind' },
      ];
      const programs = all.filter(
        (p) =>
          (!category || p.category === category) &&
          (!search || `${p.title} ${p.author_name}`.toLowerCase().includes(search.toLowerCase())),
      );
      return { body: { success: true, programs } };
    });
    const user = userEvent.setup();
    at('/programs');
    expect(await screen.findByRole('link', { name: 'Calm evenings' })).toBeTruthy();
    expect(screen.getByText(/By Ann Lee · Fitness and health · Price: Free/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Category'), 'Mind and wellbeing');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Morning reset' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Calm evenings' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Search programs/), 'ann');
    expect(await screen.findByText('No program matches')).toBeTruthy();
    expect(api.requests.filter((r) => r.path === '/api/program/published').at(-1)?.body).toEqual({
      search: 'ann',
      category: 'mind',
    });
    await user.click(screen.getByRole('button', { name: 'Show all programs' }));
    expect(await screen.findByRole('link', { name: 'Morning reset' })).toBeTruthy();
  });

  it('/creator-programs rows link to the program: its sales page once listed, else its lessons’ preview', async () => {
    api.on('POST /api/program/all', {
      body: {
        success: true,
        programs: [
          { ...program, id: 8, guid: 'morning-reset-guid', status: 'published' },
          { ...program, id: 9, guid: 'evening-guid-0001', title: 'Evening wind-down', status: 'draft' },
        ],
      },
    });
    api.on('GET /api/program/reviews', { body: { success: true, reviews: [] } });
    at('/creator-programs');
    expect((await screen.findByRole('link', { name: 'Morning reset' })).getAttribute('href')).toBe('/program/8');
    expect(screen.getByRole('link', { name: 'Evening wind-down' }).getAttribute('href')).toBe(
      '/program-implement/evening-guid-0001',
    );
    expect(screen.getByRole('button', { name: 'Edit Morning reset' })).toBeTruthy();
  });

  it('/creator-programs tells the creator why a program was sent back, and which wait for review', async () => {
    api.on('POST /api/program/all', {
      body: {
        success: true,
        programs: [
          { ...program, id: 8, status: 'draft' },
          { ...program, id: 9, title: 'Evening wind-down', status: 'review' },
          { ...program, id: 10, title: 'Never reviewed', status: 'draft' },
        ],
      },
    });
    api.on('GET /api/program/reviews', {
      body: {
        success: true,
        reviews: [
          {
            program_id: 8,
            decision: 'reject',
            reason: 'Add a second chapter.',
            created_at: '2026-11-20T10:00:00.000Z',
          },
        ],
      },
    });
    at('/creator-programs');
    const notes = await screen.findByRole('list', { name: 'Review' });
    await waitFor(() =>
      expect([...notes.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
        '“Morning reset”: An admin sent it back on Fri, Nov 20th 2026: “Add a second chapter.” Change what is asked, then set its status to Published to send it for review again.',
        '“Evening wind-down” is waiting for an admin’s review. It is listed and sold once approved.',
      ]),
    );
  });

  it('/chapters?program=8 makes a new chapter part of program 8 unless changed', async () => {
    api.on('POST /api/chapter/all', { body: { success: true, chapters: [] } });
    api.on('POST /api/program/all', { body: { success: true, programs: [{ ...program, id: 8 }] } });
    api.on('POST /api/chapter/create', ({ body }) => ({
      body: {
        success: true,
        chapter: { id: 40, board_id: 3, created_at: '', updated_at: '', ...(body as { params: object }).params },
      },
    }));
    const user = userEvent.setup();
    at('/chapters?program=8');
    await user.click(await screen.findByRole('button', { name: 'New chapter' }));
    const form = screen.getByRole('form', { name: 'New chapter' });
    await user.type(within(form).getByLabelText(/^Title/), 'Week one');
    await user.click(within(form).getByRole('button', { name: 'Add chapter' }));
    await waitFor(() =>
      expect(
        (api.requests.find((r) => r.path === '/api/chapter/create')?.body as { params: Record<string, unknown> })
          ?.params,
      ).toMatchObject({ program_id: 8, title: 'Week one' }),
    );
  });

  it('/chapters reorders a program’s chapters (Move down, the keyboard alternative to dragging) and saves the new positions', async () => {
    api.on('POST /api/program/all', { body: { success: true, programs: [{ ...program, guid: 'morning-reset-1' }] } });
    const chapter = (id: number, position: number, title: string, days = 0) => ({
      id,
      board_id: 3,
      created_at: '',
      updated_at: '',
      program_id: 8,
      position,
      title,
      body: '',
      available_after_days: days,
    });
    const stored = [chapter(21, 0, 'Wake up'), chapter(22, 1, 'Stretch', 3), chapter(23, 2, 'Breathe')];
    api.on('POST /api/chapter/all', { body: { success: true, chapters: stored } });
    api.on('POST /api/chapter/update', (request) => {
      const params = (request.body as { params: { id: number } }).params;
      return { body: { success: true, chapter: { ...stored.find((c) => c.id === params.id), ...params } } };
    });
    at('/chapters');
    const panel = (await screen.findByRole('heading', { name: 'Order of chapters' })).closest('section') as HTMLElement;
    await waitFor(() => expect(within(panel).getByText('2. Stretch')).toBeTruthy());
    expect(within(panel).getByText('opens 3 days after the start')).toBeTruthy();
    expect(
      within(panel).getByRole('link', { name: 'Preview the lessons as a buyer sees them' }).getAttribute('href'),
    ).toBe('/program-implement/morning-reset-1');
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Move down Wake up' }));
    await waitFor(() =>
      expect(
        api.requests.filter((r) => r.path === '/api/chapter/update').map((r) => (r.body as { params: unknown }).params),
      ).toEqual(
        expect.arrayContaining([
          { id: 22, position: 0 },
          { id: 21, position: 1 },
        ]),
      ),
    );
    expect(api.requests.filter((r) => r.path === '/api/chapter/update')).toHaveLength(2);
    await waitFor(() => expect(within(panel).getByText('1. Stretch')).toBeTruthy());
  });

  it('/creator-coupons makes a coupon for a priced program and lists coupons in people’s words', async () => {
    api.on('POST /api/program/all', {
      body: {
        success: true,
        programs: [
          { ...program, price_cents: 2900 },
          { ...program, id: 9, title: 'Free one', price_cents: 0 },
        ],
      },
    });
    let made = false;
    const saved = {
      id: 3,
      program_id: 8,
      program_title: 'Morning reset',
      code: 'SAVE20',
      percent_off: 20,
      amount_off_cents: null,
      currency: 'USD',
      max_uses: 2,
      uses: 1,
      expires_at: '2026-12-31T22:59:59.000Z',
      created_at: '',
    };
    const five = {
      ...saved,
      id: 2,
      code: 'FIVE',
      percent_off: null,
      amount_off_cents: 500,
      max_uses: null,
      uses: 0,
      expires_at: null,
    };
    api.on('GET /api/coupon/mine', () => ({ body: { success: true, coupons: made ? [saved, five] : [five] } }));
    api.on('POST /api/coupon/create', () => {
      made = true;
      return { body: { success: true, coupon: saved } };
    });
    const user = userEvent.setup();
    at('/creator-coupons');
    const form = await screen.findByRole('form', { name: 'New coupon' });
    await waitFor(() =>
      expect(within(form).getByRole('option', { name: 'Morning reset (Price: 29.00 USD)' })).toBeTruthy(),
    );
    expect(within(form).queryByRole('option', { name: /Free one/ })).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Program'), 'Morning reset (Price: 29.00 USD)');
    await user.type(within(form).getByLabelText('Code'), 'save20');
    await user.type(within(form).getByLabelText('Percent off'), '20');
    await user.type(within(form).getByLabelText('Use limit (optional)'), '2');
    await user.click(within(form).getByRole('button', { name: 'Add coupon' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/coupon/create')?.body).toEqual({
        program_id: 8,
        code: 'save20',
        percent_off: 20,
        max_uses: 2,
      }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Coupons' }))
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.textContent),
      ).toEqual([
        'SAVE20Morning reset20% off1 of 2Thu, Dec 31st 2026Delete SAVE20',
        'FIVEMorning reset5.00 USD off0 timesNo endDelete FIVE',
      ]),
    );
    // Deleting asks first; keeping the coupon sends nothing.
    api.on('POST /api/coupon/delete', { body: { success: true } });
    await user.click(screen.getByRole('button', { name: 'Delete FIVE' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete the coupon FIVE?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(api.requests.some((r) => r.path === '/api/coupon/delete')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete FIVE' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete the coupon FIVE?' })).getByRole('button', {
        name: 'Delete the coupon',
      }),
    );
    await waitFor(() => expect(api.requests.find((r) => r.path === '/api/coupon/delete')?.body).toEqual({ id: 2 }));
  });

  it('/program/:id sells it: author, chapters locked until bought, refund terms, what it installs, Buy', async () => {
    api.on('POST /api/program/published', { body: { success: true, programs: [{ ...program, price_cents: 2900 }] } });
    api.on('GET /api/program/8/outline', {
      body: {
        success: true,
        author: { id: 7, name: 'Ada' },
        chapters: [
          { title: 'Week one', available_after_days: 0 },
          { title: 'Week two', available_after_days: 7 },
        ],
        refund_window_days: 14,
      },
    });
    at('/program/8');
    expect(await screen.findByRole('heading', { name: 'Morning reset', level: 1 })).toBeTruthy();
    expect(screen.getByText('Wake at 6')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Ada' })).getAttribute('href')).toBe('/author/7');
    expect(screen.getByRole('heading', { name: 'Chapters (2)' })).toBeTruthy();
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toContain('Week one 🔒 Locked until bought; then opens at once');
    expect(rows).toContain('Week two 🔒 Locked until bought; then opens 7 days after you start');
    expect(screen.getByText(/Ask for a refund within 14 days of buying/)).toBeTruthy();
    const buy = screen.getByRole('link', { name: /^Buy for 29\.00 USD/ });
    expect(buy.className).toContain('lb-button--primary');
  });

  it('/programs and /program/:id show a cover to buyers, described or named by the title; a program without one shows no image', async () => {
    const cover = 'CoverOfMorningReset000';
    api.on('POST /api/program/published', {
      body: {
        success: true,
        programs: [
          { ...program, cover },
          {
            ...program,
            id: 9,
            title: 'Evening wind-down',
            cover: 'CoverOfEveningWind0000',
            cover_alt: 'A candle beside an open book',
          },
          { ...program, id: 10, title: 'Plain' },
        ],
      },
    });
    at('/programs');
    const listed = await screen.findByRole('img', { name: 'Cover of “Morning reset”' });
    expect(listed.getAttribute('src')).toBe(`${api.url}/api/uploads/${cover}`);
    expect(screen.getByRole('img', { name: 'A candle beside an open book' })).toBeTruthy();
    expect(screen.getAllByRole('img')).toHaveLength(2);
    cleanup();
    at('/program/8');
    const page = await screen.findByRole('img', { name: 'Cover of “Morning reset”' });
    expect(page.getAttribute('src')).toBe(`${api.url}/api/uploads/${cover}`);
    cleanup();
    at('/program/10');
    await screen.findByRole('heading', { name: 'Plain', level: 1 });
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('/author/:author shows each published program with its cover', async () => {
    api.on('GET /api/author/ada-7', {
      body: {
        success: true,
        author: { id: 7, slug: 'ada-7', name: 'Ada', tagline: null },
        programs: [
          {
            id: 8,
            guid: 'morning-reset-1',
            title: 'Morning reset',
            description: '',
            price_cents: 0,
            currency: 'USD',
            cover: 'CoverOfMorningReset000',
            cover_alt: null,
            installs: { goals: 0, habits: 1, routines: 0 },
            published_at: '',
          },
        ],
      },
    });
    at('/author/ada-7');
    expect((await screen.findByRole('img', { name: 'Cover of “Morning reset”' })).getAttribute('src')).toBe(
      `${api.url}/api/uploads/CoverOfMorningReset000`,
    );
  });

  it('/programs sends a paid program to its purchase page instead of subscribing', async () => {
    api.on('POST /api/program/published', {
      body: { success: true, programs: [{ ...program, guid: 'morning-reset-1', price_cents: 2900 }] },
    });
    at('/programs');
    const buy = await screen.findByRole('link', { name: /^Buy for 29\.00 USD/ });
    expect(buy.getAttribute('href')).toBe('/program-purchase/morning-reset-1');
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();
  });

  it('/subscription/:id is the caller’s own subscription by its id, with Cancel; another id is not found', async () => {
    api.on('GET /api/program-implement', {
      body: {
        success: true,
        subscriptions: [
          {
            id: 9,
            status: 'active',
            board_id: 12,
            board_name: 'Morning reset',
            subscribed_at: '2026-11-20T10:00:00.000Z',
            program: { id: 8, guid: 'morning-reset-1', title: 'Morning reset' },
          },
        ],
      },
    });
    api.on('POST /api/program/subscribe', { body: { success: true, board: 1, boardName: 'Home' } });
    at('/subscription/9');
    expect(await screen.findByRole('heading', { name: 'Your subscription: Morning reset', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue the lessons' }).getAttribute('href')).toBe(
      '/program-implement/morning-reset-1',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const question = screen.getByRole('dialog', { name: 'Cancel your subscription to “Morning reset”?' });
    expect(api.requests.some((r) => r.path === '/api/program/subscribe')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/program/subscribe')?.body).toEqual({
        program_id: 8,
        isSubscribing: false,
        current_board_id: 1,
      }),
    );
    cleanup();
    // The number of a program is not a subscription: program 8 was never a subscription id here.
    at('/subscription/8');
    expect(await screen.findByText('You have no subscription #8.')).toBeTruthy();
  });

  it('/creator-earning-rates shows the rates an admin set and each program’s split, as the server computes them', async () => {
    localStorage.setItem(tokenStorageKey, 'tok');
    const split = (platform: number, net: number) => ({
      tax_cents: 0,
      platform_fee_cents: platform,
      processing_fee_cents: 114,
      net_cents: net,
    });
    api.on('GET /api/creator/earning-rates', {
      body: {
        success: true,
        default_percent: 10,
        processing_percent: 2.9,
        processing_fixed_cents: 30,
        tax_percent: 0,
        refund_window_days: 14,
        author: { platform_fee_percent: 7.5, source: 'author' },
        programs: [
          {
            id: 8,
            guid: 'g-8',
            title: 'Morning reset',
            price_cents: 2900,
            currency: 'USD',
            own_percent: null,
            rate: { platform_fee_percent: 7.5, source: 'author' },
            split: split(218, 2568),
          },
          {
            id: 9,
            guid: 'g-9',
            title: 'Evening calm',
            price_cents: 2900,
            currency: 'USD',
            own_percent: 20,
            rate: { platform_fee_percent: 20, source: 'program' },
            split: split(580, 2206),
          },
        ],
      },
    });
    at('/creator-earning-rates');
    const table = await screen.findByRole('table', { name: 'Earning rates' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      'Morning reset29.00 USD7.5% (your rate)2.18 USD1.14 USD25.68 USD',
      "Evening calm29.00 USD20% (this program's own rate)5.80 USD1.14 USD22.06 USD",
    ]);
    expect(screen.getByText(/agreed for you/).textContent).toMatch(
      /Platform fee: 7\.5% \(agreed for you\)\. Card processing: 2\.9% \+ 0\.30 per sale\. .*available 14 days after each sale/,
    );
  });

  it('/author/:author shows a public page signed out, and a not-found panel for an unknown author', async () => {
    api.on('GET /api/author/ada-lovelace-4', {
      body: {
        success: true,
        author: { id: 4, slug: 'ada-lovelace-4', name: 'Ada Lovelace', tagline: 'Engines of habit' },
        programs: [
          {
            id: 8,
            guid: 'morning-reset-1',
            title: 'Morning reset',
            description: '<p>Start <b>well</b></p>',
            price_cents: 1200,
            currency: 'EUR',
            installs: { goals: 1, habits: 2, routines: 0 },
          },
        ],
      },
    });
    at('/author/ada-lovelace-4');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeTruthy();
    expect(screen.getByText('Engines of habit')).toBeTruthy();
    expect(screen.getByText('12.00 EUR · Installs 1 goal, 2 habits')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up and start Morning reset' }).getAttribute('href')).toBe(
      '/sign-up/morning-reset-1',
    );
    expect(api.requests.find((r) => r.path === '/api/author/ada-lovelace-4')?.headers.authorization).toBeUndefined();
    cleanup();
    at('/author/nobody');
    expect(await screen.findByRole('heading', { name: 'Author not found' })).toBeTruthy();
  });

  it('/program-implement lists subscriptions; with a guid it shows chapters, steps and progress', async () => {
    localStorage.setItem(tokenStorageKey, 'tok');
    api.on('GET /api/program-implement', {
      body: {
        success: true,
        subscriptions: [
          {
            id: 3,
            status: 'active',
            board_id: 1,
            board_name: 'Home',
            subscribed_at: '2026-11-20T10:00:00.000Z',
            program: { id: 8, guid: 'morning-reset-1', title: 'Morning reset' },
          },
        ],
      },
    });
    api.on('GET /api/program-implement/morning-reset-1', {
      body: {
        success: true,
        is_author: false,
        progress: 50,
        program: {
          id: 8,
          guid: 'morning-reset-1',
          title: 'Morning reset',
          description: '',
          price_cents: 0,
          currency: 'USD',
          installs: { goals: 1, habits: 1, routines: 0 },
        },
        subscription: {
          id: 3,
          status: 'active',
          board_id: 1,
          board_name: 'Home',
          subscribed_at: '2026-11-20T10:00:00.000Z',
        },
        chapters: [{ id: 5, position: 1, title: 'Week one', body: '<p>Walk first</p>' }],
        steps: [
          { kind: 'goal', title: 'Run 5 km', record_id: 21, done: true, detail: 'Done' },
          { kind: 'habit', title: 'Wake at 6', record_id: 22, done: false, detail: 'No check-in yet' },
        ],
      },
    });
    const user = userEvent.setup();
    at('/program-implement');
    expect((await screen.findByRole('link', { name: 'Your subscription to Morning reset' })).getAttribute('href')).toBe(
      '/subscription/3',
    );
    await user.click(await screen.findByRole('link', { name: 'Morning reset' }));
    expect(await screen.findByRole('heading', { name: 'Morning reset', level: 1 })).toBeTruthy();
    expect(screen.getByText('Walk first')).toBeTruthy();
    expect(screen.getByLabelText('Program progress').getAttribute('value')).toBe('50');
    expect(screen.getByRole('link', { name: 'Run 5 km' }).getAttribute('href')).toBe('/goal/21');
    expect(screen.getByText(/No check-in yet/)).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/program-implement/morning-reset-1')?.headers.authorization).toBe(
      'Bearer tok',
    );
  });

  it('/program-implement/:guid says when a drip-locked lesson opens, and lets the buyer ask for a refund in the window', async () => {
    const paidProgram = {
      id: 8,
      guid: 'morning-reset-1',
      title: 'Morning reset',
      description: '',
      price_cents: 2900,
      currency: 'USD',
      installs: { goals: 0, habits: 0, routines: 0 },
    };
    let requested: string | null = null;
    api.on('GET /api/program-implement/morning-reset-1', () => ({
      body: {
        success: true,
        is_author: false,
        progress: 0,
        steps: [],
        program: paidProgram,
        subscription: {
          id: 3,
          status: 'active',
          board_id: 1,
          board_name: 'Morning reset',
          subscribed_at: '2026-11-20T10:00:00.000Z',
        },
        chapters: [
          {
            id: 5,
            position: 0,
            title: 'Day one',
            body: '<p>Walk first</p>',
            completed: false,
            available_after_days: 0,
            opens_at: null,
          },
          {
            id: 6,
            position: 1,
            title: 'Week two',
            body: null,
            completed: false,
            available_after_days: 7,
            opens_at: '2026-11-27T10:00:00.000Z',
          },
        ],
        lessons: { completed: 0, total: 2, percent: 0, resume_chapter_id: 5 },
        purchase: {
          transaction_id: 44,
          state: 'paid',
          refundable_until: '2999-12-04T10:00:00.000Z',
          refund_requested_at: requested,
        },
      },
    }));
    api.on('POST /api/transaction/refund-request', () => {
      requested = '2026-11-21T10:00:00.000Z';
      return { body: { success: true, id: 44, refund_requested_at: requested } };
    });
    const user = userEvent.setup();
    at('/program-implement/morning-reset-1');
    expect(await screen.findByText('Walk first')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Week two/ }));
    expect(screen.getByText('This lesson opens on Fri, Nov 27th 2026.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark complete' })).toBeNull();

    expect(screen.getByRole('link', { name: 'Your receipt' }).getAttribute('href')).toBe('/transaction/44');
    await user.click(screen.getByRole('button', { name: 'Ask for a refund' }));
    await user.type(screen.getByLabelText(/Why do you want a refund/), 'Too early for me');
    await user.click(screen.getByRole('button', { name: 'Send the refund request' }));
    expect(await screen.findByText(/You asked for a refund on Sat, Nov 21st 2026/)).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/transaction/refund-request')?.body).toEqual({
      id: 44,
      reason: 'Too early for me',
    });
  });

  it('/program-implement/:guid lets the author preview the drip schedule as a buyer on a given day', async () => {
    api.on('GET /api/program-implement/morning-reset-1', {
      body: {
        success: true,
        is_author: true,
        progress: 0,
        steps: [],
        subscription: null,
        purchase: null,
        program: {
          id: 8,
          guid: 'morning-reset-1',
          title: 'Morning reset',
          description: '',
          price_cents: 2900,
          currency: 'USD',
          installs: { goals: 0, habits: 0, routines: 0 },
        },
        chapters: [
          {
            id: 5,
            position: 0,
            title: 'Day one',
            body: '<p>Walk first</p>',
            completed: false,
            available_after_days: 0,
            opens_at: null,
          },
          {
            id: 6,
            position: 1,
            title: 'Week two',
            body: '<p>Jog a bit</p>',
            completed: false,
            available_after_days: 7,
            opens_at: null,
          },
        ],
        lessons: { completed: 0, total: 2, percent: 0, resume_chapter_id: 5 },
      },
    });
    const user = userEvent.setup();
    at('/program-implement/morning-reset-1');
    await user.click(await screen.findByRole('button', { name: /Week two/ }));
    expect(screen.getByText('Jog a bit')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Preview as a buyer' }));
    expect(screen.getByText('A buyer reads this lesson from day 7 after starting.')).toBeTruthy();
    expect(screen.getByText(/opens on day 7/)).toBeTruthy();
    const dayField = screen.getByLabelText("A buyer's day after starting");
    await user.clear(dayField);
    await user.type(dayField, '7');
    expect(screen.getByText('Jog a bit')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'End the preview' }));
    expect(screen.getByText('Jog a bit')).toBeTruthy();
  });

  it('/program-implement/:guid offers to start a program not subscribed to, then shows it started', async () => {
    let subscribed = false;
    api.on('GET /api/program-implement/morning-reset-1', () => ({
      body: {
        success: true,
        is_author: false,
        progress: 0,
        program: {
          id: 8,
          guid: 'morning-reset-1',
          title: 'Morning reset',
          description: '',
          price_cents: 0,
          currency: 'USD',
          installs: { goals: 0, habits: 1, routines: 0 },
        },
        subscription: subscribed
          ? {
              id: 9,
              status: 'active',
              board_id: 12,
              board_name: 'Morning reset',
              subscribed_at: '2026-11-20T10:00:00.000Z',
            }
          : null,
        chapters: [{ id: 5, position: 1, title: 'Week one', body: subscribed ? '<p>Walk first</p>' : null }],
        steps: subscribed
          ? [{ kind: 'habit', title: 'Wake at 6', record_id: 22, done: false, detail: 'No check-in yet' }]
          : [],
      },
    }));
    api.on('POST /api/program/subscribe', () => {
      subscribed = true;
      return { body: { success: true, board: 12, boardName: 'Morning reset' } };
    });
    const user = userEvent.setup();
    at('/program-implement/morning-reset-1');
    expect(await screen.findByText('This lesson opens when you start the program.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start this program' }));
    expect(await screen.findByText('Walk first')).toBeTruthy();
    expect($board.get()).toEqual({ id: 12, name: 'Morning reset' });
  });

  it('/myauthors lists the authors of subscribed programs', async () => {
    api.on('GET /api/authors/followed', {
      body: {
        success: true,
        authors: [
          {
            id: 4,
            slug: 'coach-kim-4',
            name: 'Coach Kim',
            tagline: null,
            programs: [
              {
                id: 8,
                guid: 'run-club-12',
                title: 'Run club',
                subscription_id: 3,
                status: 'active',
                board_id: 5,
                subscribed_at: '2026-11-20T10:00:00.000Z',
              },
              {
                id: 9,
                guid: 'old-one-123',
                title: 'Old one',
                subscription_id: 2,
                status: 'cancelled',
                board_id: null,
                subscribed_at: '2026-10-20T10:00:00.000Z',
              },
            ],
          },
        ],
      },
    });
    at('/myauthors');
    expect((await screen.findByRole('link', { name: 'Coach Kim' })).getAttribute('href')).toBe('/author/coach-kim-4');
    expect(screen.getByRole('link', { name: 'Run club' }).getAttribute('href')).toBe('/program-implement/run-club-12');
    expect(screen.getByText(/Old one/).textContent).toContain('unsubscribed');
  });

  it('an address the area does not own shows a not-found panel (after the short wait that spares a leaving area a flash)', async () => {
    at('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/no-such-page')).toBeTruthy();
  });
});

/**
 * Every route architecture.md gives mf-creator ("Which area owns which route"). mf-creator does not depend
 * on the shell, so the shell's route table cannot be imported here: keep this list in step with it.
 */
const ownedRoutes = [
  '/author/:author',
  '/program-implement/:programGuid?',
  '/programs',
  '/program/:id',
  '/subscription/:id',
  '/transaction/:id',
  '/creator-payments',
  '/creator-programs',
  '/creator-transactions',
  '/creator-earning-rates',
  '/creator-coupons',
  '/myauthors',
  '/ai-programs',
  '/chapters',
  '/chapter/:id',
];

describe('mf-creator route coverage', () => {
  const concrete = ownedRoutes.flatMap((pattern) => {
    const filled = pattern.replace(/:[A-Za-z]+\?/g, 'guid-1234').replace(/:[A-Za-z]+/g, '7');
    return pattern.includes('?') ? [filled, pattern.replace(/\/:[A-Za-z]+\?/, '')] : [filled];
  });
  it.each(concrete)('%s has a screen of its own', async (path) => {
    at(path);
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    expect(document.querySelector('[data-area="mf_creator"]')?.children.length).toBeGreaterThan(0);
    // Let the screen finish loading (its calls answered) before the next one.
    await waitFor(() => expect(document.querySelector('.lb-skeleton')).toBeNull());
  });
});
