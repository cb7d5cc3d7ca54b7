import type { FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';
import { readDraft } from './ai-draft';

/** A local stand-in speaking OpenAI's chat-completions protocol: it answers what the test queues, and records the requests. */
let provider: Server;
let providerUrl = '';
const seen: {
  auth?: string;
  body: { model: string; messages: { role: string; content: string }[]; max_tokens: number };
}[] = [];
const replies: { status: number; content: string }[] = [];
beforeAll(async () => {
  provider = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      const body = JSON.parse(raw) as (typeof seen)[number]['body'];
      seen.push({ auth: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      const reply = replies.shift() ?? { status: 200, content: '{}' };
      if (req.url !== '/v1/chat/completions') {
        res.statusCode = 404;
        res.end('{}');
        return;
      }
      res.statusCode = reply.status;
      res.end(
        reply.status === 200
          ? JSON.stringify({
              id: 'chatcmpl-1',
              object: 'chat.completion',
              model: body.model,
              choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content } }],
              usage: { prompt_tokens: 50, completion_tokens: 80 },
            })
          : JSON.stringify({ error: { message: reply.content } }),
      );
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

const draftJson = {
  title: 'Run a half marathon under 2:15 by April',
  why: 'To prove I can keep a plan for months.',
  target_date: '2027-04-20',
  milestones: [
    { title: 'Run 5 km without stopping', due_date: '2027-01-10' },
    { title: 'Run 15 km', due_date: '2027-03-01' },
  ],
  habits: [
    { title: 'Run', times: 3, days: 7 },
    { title: 'Stretch', times: 1, days: 1 },
  ],
};

describe('POST /api/goal/ai-draft', () => {
  let app: FastifyInstance;
  let bare: FastifyInstance;
  beforeAll(async () => {
    [app, bare] = await Promise.all([
      createTestApp({ aiEnv: { AI_BASE_URL: providerUrl, AI_API_KEY: 'sk-test', AI_MODELS: 'coach-1,coach-2' } }),
      createTestApp({ aiEnv: {} }),
    ]);
  });
  afterAll(async () => {
    await app.close();
    await bare.close();
  });

  it('without a provider, says so plainly and stores nothing', async () => {
    const user = await signUp(bare);
    const answer = (
      await user.post('/api/goal/ai-draft', { board: user.boardId, params: { wish: 'run a half marathon' } })
    ).json();
    expect(answer).toEqual({
      success: false,
      configured: false,
      error: expect.stringMatching(/^No AI provider is set up on this Lifeboard.*Admin → AI models.*guided questions/),
    });
    expect((await user.post('/api/goal/all', { board: user.boardId, params: {} })).json().goals).toEqual([]);
  });

  it("drafts a SMART goal with the user's chosen model through the chat-completions client, and stores nothing", async () => {
    const user = await signUp(app);
    expect((await user.post('/api/user/update', { ai_model: 2 })).statusCode).toBe(200);
    replies.push({ status: 200, content: `Here it is:\n\`\`\`json\n${JSON.stringify(draftJson)}\n\`\`\`` });
    seen.length = 0;
    const answer = (
      await user.post('/api/goal/ai-draft', { board: user.boardId, params: { wish: 'run a half marathon' } })
    ).json();
    expect(answer).toEqual({ success: true, model: 'coach-2', draft: draftJson });
    expect(seen).toHaveLength(1);
    expect(seen[0].auth).toBe('Bearer sk-test');
    expect(seen[0].body.max_tokens).toBe(1200);
    expect(seen[0].body.messages[0].content).toContain('Wish: "run a half marathon"');
    expect(seen[0].body.messages[0].content).toMatch(/Today is \d{4}-\d{2}-\d{2}/);
    expect(seen[0].body.model).toBe('coach-2');
    expect((await user.post('/api/goal/all', { board: user.boardId, params: {} })).json().goals).toEqual([]);
  });

  it('says so when the provider fails or answers something that is not a goal', async () => {
    const user = await signUp(app);
    replies.push({ status: 401, content: 'Incorrect API key provided' });
    const failed = (
      await user.post('/api/goal/ai-draft', { board: user.boardId, params: { wish: 'learn Spanish' } })
    ).json();
    expect(failed).toEqual({
      success: false,
      configured: true,
      error: expect.stringContaining('The provider answered 401: Incorrect API key provided'),
    });
    replies.push({ status: 200, content: 'Sure! Learning Spanish is a great idea.' });
    expect(
      (await user.post('/api/goal/ai-draft', { board: user.boardId, params: { wish: 'learn Spanish' } })).json().error,
    ).toMatch(/not with a goal this page can read/);
    expect((await user.post('/api/goal/ai-draft', { board: user.boardId, params: { wish: '' } })).statusCode).toBe(422);
    const other = await signUp(app);
    expect(
      (await other.post('/api/goal/ai-draft', { board: user.boardId, params: { wish: 'learn Spanish' } })).statusCode,
    ).toBe(403);
  });
});

describe('readDraft', () => {
  it('keeps what it can: a bad date becomes no date, habit numbers are bounded, a draft without a title is none', () => {
    const draft = readDraft(
      JSON.stringify({
        title: 'Learn Spanish',
        target_date: '2027-02-30',
        milestones: [{ title: 'A1', due_date: 'soon' }],
        habits: [
          { title: 'Practise', times: 12, days: 7 },
          { title: 'Read', times: 3, days: 3 },
        ],
      }),
    );
    expect(draft).toEqual({
      title: 'Learn Spanish',
      why: '',
      target_date: null,
      milestones: [{ title: 'A1', due_date: null }],
      habits: [
        { title: 'Practise', times: 7, days: 7 },
        { title: 'Read', times: 1, days: 1 },
      ],
    });
    expect(readDraft('{"why": "x"}')).toBeNull();
    expect(readDraft('no json here')).toBeNull();
  });
});
