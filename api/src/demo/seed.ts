import { createSchema, models, type ModelName } from '@lifeboard/shared/models';
import { goalProgress } from '@lifeboard/shared/models/goal-progress';
import { count, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { checkouts, habitEntries, transactions, users } from '../db/schema';
import { defaultEnv } from '../env';
import { feeSettingsOf, type FeeSettings } from '../modules/creator-ledger/ledger';
import { completeCheckout } from '../modules/payments/sales';
import { hashPassword } from '../modules/auth/password';
import { createAccount } from '../modules/auth/service';
import { entryOf } from '../models/registry';
import { insertRecord } from '../models/store';
import type { Env } from '../env';

export const DEMO_EMAIL = 'demo@lifeboard.local';
/** The marketplace's demo accounts: an admin who reviews programs, and a creator who sells one. */
export const DEMO_ADMIN_EMAIL = 'admin@lifeboard.local';
export const DEMO_CREATOR_EMAIL = 'creator@lifeboard.local';
/** A buyer of the demo creator's program, so the creator's sales, earnings and payouts have something to show. */
export const DEMO_BUYER_EMAIL = 'buyer@lifeboard.local';
/** When the demo buyer bought: past the default 14-day refund window, so the sale is available to pay out. */
const DEMO_SALE_DAYS_AGO = 20;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * In development (`pnpm start`) on an empty database: the demo account. Returns its credentials, or null when
 * anyone has an account or the server does not run in development: a production database never gets it.
 */
export async function seedDemo(
  db: Db,
  env: Pick<Env, 'NODE_ENV' | 'DEMO_PASSWORD'> & Partial<Env>,
): Promise<{ email: string; password: string } | null> {
  if (env.NODE_ENV !== 'development') return null;
  const fixedPassword = env.DEMO_PASSWORD;
  const [{ total }] = await db.select({ total: count() }).from(users);
  if (total > 0) return null;
  const password = fixedPassword ?? randomBytes(9).toString('base64url');
  await createDemoAccount(db, DEMO_EMAIL, password);
  await createMarketplaceDemo(db, password, undefined, feeSettingsOf({ ...defaultEnv(), ...env }));
  return { email: DEMO_EMAIL, password };
}

/** An account with a little real-looking data: habits with two weeks of check-ins, goals, notes, journal, moods, books. */
export async function createDemoAccount(db: Db, email: string, password: string): Promise<number> {
  const userId = await createAccount(db, {
    name: 'Demo User',
    email,
    passwordHash: await hashPassword(password),
    role: 'user',
  });
  const [user] = await db.select({ boardId: users.defaultBoardId }).from(users).where(eq(users.id, userId));
  const owner = { userId, boardId: user.boardId ?? 0 };
  const add = async (name: ModelName, data: Record<string, unknown>) =>
    insertRecord(db, entryOf(name), owner, createSchema(models[name]).parse(data));

  const habits = [
    await add('habit', {
      title: 'Read 20 pages',
      kind: 'at_least',
      target: 20,
      unit: 'pages',
      frequency_num: 1,
      frequency_den: 1,
      color: '#3366ff',
    }),
    await add('habit', { title: 'Morning run', kind: 'yes_no', frequency_num: 3, frequency_den: 7, color: '#22aa66' }),
    await add('habit', {
      title: 'No phone after 10 pm',
      kind: 'yes_no',
      frequency_num: 1,
      frequency_den: 1,
      color: '#aa3366',
    }),
  ];
  for (let offset = -13; offset <= 0; offset += 1) {
    await db.insert(habitEntries).values([
      {
        userId,
        boardId: owner.boardId,
        habitId: habits[0].id,
        date: day(offset),
        value: 15 + ((((offset * 7) % 10) + 10) % 10),
      },
      ...(offset % 2 === 0
        ? [{ userId, boardId: owner.boardId, habitId: habits[1].id, date: day(offset), value: 'yes' as const }]
        : []),
      ...(offset % 5 !== 0
        ? [{ userId, boardId: owner.boardId, habitId: habits[2].id, date: day(offset), value: 'yes' as const }]
        : []),
    ]);
  }
  // Demo goals are inserted as stored: their progress is worked out here as the goal hooks would.
  const goal = (data: Record<string, unknown>) =>
    insertRecord(db, entryOf('goal'), owner, {
      ...createSchema(models.goal).parse(data),
      progress: goalProgress(data).percent,
    });
  await goal({
    title: 'Run a half marathon',
    why: 'To prove to myself I can keep a plan for months.',
    status: 'active',
    start_date: day(-30),
    target_date: day(120),
    milestones: [
      {
        title: 'Run 5 km without stopping',
        due_date: day(-10),
        done_at: new Date(Date.now() - 12 * 86_400_000).toISOString(),
      },
      { title: 'Run 10 km', due_date: day(30) },
      { title: 'Run 16 km', due_date: day(80) },
      { title: 'Race day', due_date: day(120) },
    ],
  });
  await goal({
    title: 'Read 24 books this year',
    why: 'Reading calms me down and makes me think.',
    status: 'active',
    progress_from: 'target',
    start_value: 0,
    target_value: 24,
    unit: 'books',
    log: [
      { date: day(-40), value: 6 },
      { date: day(-5), value: 10 },
    ],
  });
  await add('note', {
    title: 'Ideas for the weekend',
    body: '<p>Visit the farmers market, call Grandma, <strong>fix the bike</strong>.</p>',
    pinned: true,
  });
  await add('note', {
    title: 'Gift list',
    body: '<ul><li>Anna: pottery class</li><li>Tom: a good field guide</li></ul>',
    pinned: false,
  });
  await add('journal_entry', {
    title: 'A good long run',
    body: '<p>Ran 12 km along the river. Legs tired, head clear.</p>',
    date: day(-1),
    tags: ['running'],
    word_count: 11,
  });
  await add('journal_entry', {
    title: 'Slow Sunday',
    body: '<p>Slept in, read in the park, cooked a big soup for the week.</p>',
    date: day(0),
    tags: ['rest'],
    word_count: 13,
  });
  await add('mood', {
    score: 4,
    emotions: ['calm', 'grateful'],
    note: 'Good sleep, sunny morning.',
    at: new Date(Date.now() - 86_400_000).toISOString(),
  });
  await add('mood', { score: 3, emotions: ['tired'], note: 'Long day at work.', at: new Date().toISOString() });
  await add('book', {
    title: 'Atomic Habits',
    author: 'James Clear',
    status: 'read',
    rating: 5,
    finished_on: day(-20),
  });
  await add('book', { title: 'The Overstory', author: 'Richard Powers', status: 'reading', started_on: day(-6) });
  return userId;
}

/**
 * A demo admin and a demo creator (same password as the demo account) who owns one published paid program
 * with two lessons, so buying, reviewing and refunding can be tried on a fresh install.
 */
export async function createMarketplaceDemo(
  db: Db,
  password: string,
  emails = { admin: DEMO_ADMIN_EMAIL, creator: DEMO_CREATOR_EMAIL, buyer: DEMO_BUYER_EMAIL },
  fees: FeeSettings = feeSettingsOf(defaultEnv()),
): Promise<{ programId: number }> {
  const passwordHash = await hashPassword(password);
  await createAccount(db, { name: 'Demo Admin', email: emails.admin, passwordHash, role: 'admin' });
  const creatorId = await createAccount(db, {
    name: 'Demo Creator',
    email: emails.creator,
    passwordHash,
    role: 'creator',
  });
  const [creator] = await db.select({ boardId: users.defaultBoardId }).from(users).where(eq(users.id, creatorId));
  const owner = { userId: creatorId, boardId: creator.boardId ?? 0 };
  // Stored as an approved program is: published, with a server-made guid (the hook's rule for new programs).
  const program = await insertRecord(db, entryOf('program'), owner, {
    ...createSchema(models.program).parse({
      title: 'Run your first 5 km',
      description: '<p>Eight weeks from the couch to a 5 km run, three short runs a week.</p>',
      price_cents: 2900,
      currency: 'USD',
      status: 'published',
      template: {
        goals: [{ title: 'Run 5 km without stopping' }],
        habits: [{ title: 'Run three times a week' }],
        routines: [{ title: 'Warm-up and stretch' }],
      },
    }),
    guid: randomBytes(12).toString('base64url'),
  });
  // The first lesson shows what a lesson can hold: headings and lists, a video and a quiz.
  const lessons: { title: string; body: string; extra?: Record<string, unknown> }[] = [
    {
      title: 'Week 1: walk and jog',
      body: '<h2>This week</h2><ol><li data-list="ordered">Walk briskly for 5 minutes.</li><li data-list="ordered">Alternate 60 seconds of jogging with 90 seconds of walking for 20 minutes.</li></ol>',
      extra: {
        video_url: 'https://www.youtube.com/watch?v=brFHyOtTwH4',
        quiz: [
          {
            question: 'How long is each jog this week?',
            choices: ['30 seconds', '60 seconds', '5 minutes'],
            answer: 1,
          },
        ],
      },
    },
    {
      title: 'Week 2: longer jogs',
      body: '<p>Alternate 90 seconds of jogging with 2 minutes of walking for 20 minutes.</p>',
    },
  ];
  for (const [index, { title, body, extra }] of lessons.entries()) {
    await insertRecord(
      db,
      entryOf('chapter'),
      owner,
      createSchema(models.chapter).parse({ program_id: program.id, position: index + 1, title, body, ...extra }),
    );
  }
  // The demo buyer's purchase, booked the way a paid checkout is, then dated back past the refund window.
  const buyerId = await createAccount(db, { name: 'Demo Buyer', email: emails.buyer, passwordHash, role: 'user' });
  const checkoutId = `co_demo${randomBytes(12).toString('base64url')}`;
  await db.insert(checkouts).values({
    id: checkoutId,
    userId: buyerId,
    programId: program.id,
    idempotencyKey: 'demo-purchase',
    amountCents: 2900,
    currency: 'USD',
    provider: 'test',
  });
  await completeCheckout(db, fees, {
    kind: 'completed',
    eventId: 'evt_demo',
    checkoutId,
    paymentRef: `tpay_${checkoutId}`,
    amountCents: 2900,
    currency: 'USD',
  });
  const soldAt = new Date(Date.now() - DEMO_SALE_DAYS_AGO * 86_400_000);
  await db
    .update(transactions)
    .set({ createdAt: soldAt, availableAt: new Date(soldAt.getTime() + fees.refundWindowDays * 86_400_000) })
    .where(eq(transactions.checkoutId, checkoutId));
  return { programId: program.id };
}
