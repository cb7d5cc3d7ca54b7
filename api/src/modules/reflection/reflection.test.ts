import { createKeyMaterial } from '@lifeboard/shared/crypto/keys';
import { sealRecord } from '@lifeboard/shared/crypto/records';
import type { FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOf, createTestApp, signUp, type TestUser } from '../../../test/helpers';
import { dayOf, isoOf } from '../habits/strength';
import { collectAccountData } from '../users/account-data';
import { scanWeeklyReflections } from './jobs';

const REFLECTION = 'You wrote on two days and kept your walks going. Next week, try a walk after lunch.';

/**
 * A stand-in for an OpenAI-compatible server speaking chat completions, whole or streamed as server-sent events (as
 * the official SDK asks): the reflection above, or a 503 while `failing` is set. It keeps every prompt.
 */
let provider: Server;
let providerUrl = '';
const prompts: string[] = [];
let failing = false;
beforeAll(async () => {
  provider = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; stream?: boolean; messages: { content: string }[] };
      prompts.push(body.messages[body.messages.length - 1].content);
      if (failing) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'The model is overloaded' } }));
        return;
      }
      const base = { id: 'c1', created: 0, model: body.model };
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const [i, word] of REFLECTION.split(' ').entries())
          res.write(
            `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: (i ? ' ' : '') + word }, finish_reason: null }] })}\n\n`,
          );
        res.end('data: [DONE]\n\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: REFLECTION } }],
          usage: { prompt_tokens: 200, completion_tokens: 20, total_tokens: 220 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
});

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ aiEnv: {} });
}, 60_000);
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => isoOf(dayOf(today()) - n);

async function entry(user: TestUser, date: string, title: string, body: string) {
  const made = await user.post('/api/journal_entry/create', { board: user.boardId, params: { date, title, body } });
  expect(made.statusCode).toBe(201);
}

async function habitWithCheckIns(user: TestUser, title: string, dates: string[]) {
  const habit = (await user.post('/api/habit/create', { board: user.boardId, params: { title } })).json().habit;
  for (const date of dates)
    await user.post('/api/habit/checkin', { board: user.boardId, params: { habit_id: habit.id, date, value: 'yes' } });
}

describe('the weekly reflection without a provider', () => {
  it('says plainly that none is set up, and sends nothing', async () => {
    const user = await signUp(app);
    await entry(user, today(), 'Monday', '<p>A quiet day</p>');
    const state = (await user.get('/api/reflection')).json();
    expect(state).toMatchObject({
      configured: false,
      model: null,
      problem: expect.stringMatching(/^No AI provider is set up on this Lifeboard/),
      weekly: false,
      week: { entries: [{ date: today(), title: 'Monday' }], entries_left_out: 0, habits: [] },
      reflections: [],
    });
    const written = (await user.post('/api/reflection/write', {})).json();
    expect(written).toEqual({ success: false, configured: false, error: expect.stringMatching(/^No AI provider/) });
    expect(prompts).toEqual([]);
  });
});

describe('the weekly reflection with a provider', () => {
  // The provider of the server's settings, not one an admin adds: on PostgreSQL every test file shares one database,
  // and an admin's provider would be one for the files that check what happens without any.
  let withModel: FastifyInstance;
  beforeAll(async () => {
    withModel = await createTestApp({
      aiEnv: { AI_BASE_URL: providerUrl, AI_API_KEY: 'sk-test', AI_MODELS: 'reflect-1' },
    });
    await withModel.startWork();
  }, 60_000);
  afterAll(() => withModel.close());

  /** A person who chose the model (the settings' first model has id 1). */
  async function member(modelId = 1) {
    const user = await signUp(withModel);
    expect((await user.post('/api/user/update', { ai_model: modelId })).statusCode).toBe(200);
    return user;
  }

  it('sends the week’s plain entries and habits, never an encrypted entry, and says how many were left out', async () => {
    const user = await member();
    await entry(user, daysAgo(2), 'Long walk', '<p>Walked to the river, felt <b>calm</b>.</p>');
    await entry(user, today(), '', '<p>Tired but glad.</p>');
    await entry(user, daysAgo(10), 'Old news', '<p>from before the week</p>');
    const { dataKey, material } = await createKeyMaterial(user.id, 'a long passphrase of mine');
    expect((await user.post('/api/encryption/enable', material)).statusCode).toBe(201);
    const sealed = await sealRecord(dataKey, 'journal_entry', { title: 'Private', body: '<p>canary-5521</p>' });
    expect(
      (await user.post('/api/journal_entry/create', { board: user.boardId, params: { date: daysAgo(1), ...sealed } }))
        .statusCode,
    ).toBe(201);
    await habitWithCheckIns(user, 'Walk', [daysAgo(1), daysAgo(3), daysAgo(12)]);

    const state = (await user.get('/api/reflection')).json();
    expect(state).toMatchObject({
      configured: true,
      model: 'reflect-1',
      problem: null,
      week: {
        from: daysAgo(6),
        to: today(),
        entries: [
          { date: daysAgo(2), title: 'Long walk' },
          { date: today(), title: '' },
        ],
        entries_left_out: 1,
        habits: [{ title: 'Walk', days_done: 2 }],
      },
    });

    prompts.length = 0;
    const written = (await user.post('/api/reflection/write', {})).json();
    expect(written).toMatchObject({
      success: true,
      reflection: { text: REFLECTION, model: 'reflect-1', entries_sent: 2, entries_left_out: 1, habits_sent: 1 },
    });
    expect(prompts).toHaveLength(1);
    const prompt = prompts[0];
    expect(prompt).toContain(`${daysAgo(2)} "Long walk": Walked to the river, felt calm.`);
    expect(prompt).toContain('Tired but glad.');
    expect(prompt).toContain('- Walk (Every day): done on 2 of the 7 days');
    expect(prompt).not.toContain('Old news');
    expect(prompt).not.toContain('lbe:');
    expect(prompt).not.toContain(sealed.body);
    expect((await user.get('/api/reflection')).json().reflections).toMatchObject([{ text: REFLECTION }]);
    // The person's reflections are theirs: they go with the account's export.
    const exported = await collectAccountData(withModel.db, user.id, new Date());
    expect(exported.weekly_reflections).toMatchObject([{ text: REFLECTION, entries_left_out: 1 }]);
  });

  it('counts against the provider’s daily limit, and says so when the provider fails', async () => {
    // A daily limit is set on an admin's provider: made for this test only, and removed at its end.
    const admin = await adminOf(withModel);
    const made = await admin.post('/api/admin/ai/providers/create', {
      name: 'Stand-in',
      base_url: providerUrl,
      models: ['reflect-1'],
      daily_limit: 2,
    });
    expect(made.statusCode).toBe(200);
    const provider = made.json().provider;
    try {
      const user = await member(provider.models[0].id);
      await entry(user, today(), 'Today', '<p>Something</p>');
      expect((await user.post('/api/reflection/write', {})).json().success).toBe(true);
      failing = true;
      try {
        expect((await user.post('/api/reflection/write', {})).json()).toEqual({
          success: false,
          configured: true,
          error: expect.stringContaining('The provider answered 503: The model is overloaded'),
        });
      } finally {
        failing = false;
      }
      const refused = await user.post('/api/reflection/write', {});
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toContain("today's 2 AI requests");
      expect((await user.get('/api/reflection')).json().reflections).toHaveLength(1);
    } finally {
      await admin.post('/api/admin/ai/providers/delete', { id: provider.id });
    }
  });

  it('has nothing to send when the week holds only encrypted entries, and says so', async () => {
    const user = await member();
    const { dataKey, material } = await createKeyMaterial(user.id, 'a long passphrase of mine');
    await user.post('/api/encryption/enable', material);
    const sealed = await sealRecord(dataKey, 'journal_entry', { title: 'T', body: '<p>B</p>' });
    await user.post('/api/journal_entry/create', { board: user.boardId, params: { date: today(), ...sealed } });
    prompts.length = 0;
    expect((await user.post('/api/reflection/write', {})).json()).toEqual({
      success: false,
      configured: true,
      error: expect.stringContaining("this week's entry is encrypted, and encrypted entries are never sent"),
    });
    expect(prompts).toEqual([]);
  });

  it('is written every Monday morning for people who opted in, and announced in the bell', async () => {
    const user = await member();
    const other = await member();
    // Monday 9 March 2026: the week before is 2 to 8 March.
    await entry(user, '2026-03-04', 'Midweek', '<p>Finished the report.</p>');
    await entry(other, '2026-03-04', 'Midweek', '<p>Not opted in.</p>');
    expect((await user.post('/api/reflection/weekly', { weekly: true })).json()).toEqual({
      success: true,
      weekly: true,
    });
    expect((await user.get('/api/reflection')).json().weekly).toBe(true);

    prompts.length = 0;
    const monday = new Date('2026-03-09T08:00:30Z');
    expect(await scanWeeklyReflections(withModel, monday)).toBe(1);
    expect(await scanWeeklyReflections(withModel, monday)).toBe(0);
    expect(await scanWeeklyReflections(withModel, new Date('2026-03-10T08:00:30Z'))).toBe(0);

    await expect
      .poll(async () => (await user.get('/api/reflection')).json().reflections, { timeout: 20_000, interval: 200 })
      .toMatchObject([{ from: '2026-03-02', to: '2026-03-08', weekly: true, entries_sent: 1, text: REFLECTION }]);
    expect(prompts.join('\n')).toContain('Finished the report.');
    expect(prompts.join('\n')).not.toContain('Not opted in.');
    const bell = (await user.get('/api/notifications')).json();
    expect(JSON.stringify(bell)).toContain('Your weekly reflection is ready');
    expect((await other.get('/api/reflection')).json().reflections).toEqual([]);
  });
});
