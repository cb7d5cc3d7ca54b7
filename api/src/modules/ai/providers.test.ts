import type { FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOf, createTestApp, signUp, testDatabase } from '../../../test/helpers';
import { aiProviders } from '../../db/schema';
import { defaultEnv } from '../../env';

/**
 * A stand-in for an OpenAI-compatible server speaking chat completions, streamed as server-sent events as the real
 * ones do: the reply word by word, then the usage chunk, then `[DONE]`. "fail" answers 401, "slow" never answers.
 */
let provider: Server;
let providerUrl = '';
const seen: { auth?: string; body: { model: string; stream?: boolean; messages: { content: string }[] } }[] = [];
beforeAll(async () => {
  provider = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as (typeof seen)[number]['body'];
      seen.push({ auth: req.headers.authorization, body });
      const prompt = body.messages[body.messages.length - 1].content;
      if (prompt === 'slow') return; // never answers
      if (prompt === 'fail') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
        return;
      }
      const words = `You said ${prompt}`.split(' ');
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'c1',
            object: 'chat.completion',
            created: 0,
            model: body.model,
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: words.join(' ') } }],
            usage: { prompt_tokens: 3, completion_tokens: words.length, total_tokens: 3 + words.length },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
      let i = 0;
      const next = () => {
        if (i < words.length) {
          res.write(chunk({ content: (i ? ' ' : '') + words[i] }));
          i += 1;
          setTimeout(next, 5);
          return;
        }
        res.write(
          `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [], usage: { prompt_tokens: 3, completion_tokens: words.length, total_tokens: 3 + words.length } })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
      };
      next();
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
});

let app: FastifyInstance;
let keyless: FastifyInstance;
beforeAll(async () => {
  [app, keyless] = await Promise.all([
    createTestApp({ env: defaultEnv({ CALENDAR_CREDENTIALS_KEY: randomBytes(32).toString('base64') }), aiEnv: {} }),
    createTestApp({ aiEnv: {} }),
  ]);
}, 60_000);
afterAll(async () => {
  await app.close();
  await keyless.close();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}
function eventsOf(body: string): StreamEvent[] {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

/** Adds a provider, runs `use` with it, and removes it: other test files may share this database. */
async function withProvider<T>(
  params: Record<string, unknown>,
  use: (provider: { id: number; models: { id: number; name: string }[] }) => Promise<T>,
): Promise<T> {
  const admin = await adminOf(app);
  const made = await admin.post('/api/admin/ai/providers/create', {
    name: 'Stand-in',
    base_url: providerUrl,
    models: ['small', 'large'],
    ...params,
  });
  expect(made.statusCode).toBe(200);
  const provider = made.json().provider;
  try {
    return await use(provider);
  } finally {
    await admin.post('/api/admin/ai/providers/delete', { id: provider.id });
  }
}

describe('AI providers set up by an admin', () => {
  it('keeps the key encrypted, never answers it, and sends it to the provider', async () => {
    const admin = await adminOf(app);
    const key = `sk-secret-${randomBytes(6).toString('hex')}`;
    await withProvider({ api_key: key }, async (made) => {
      expect(made).toMatchObject({ has_api_key: true, models: [{ name: 'small' }, { name: 'large' }] });
      const list = await admin.get('/api/admin/ai/providers');
      expect(list.body).not.toContain(key);
      expect(list.json().providers.find((p: { id: number }) => p.id === made.id)).toMatchObject({
        has_api_key: true,
        base_url: providerUrl,
      });
      const { db } = await testDatabase();
      const [row] = await db.select().from(aiProviders).where(eq(aiProviders.id, made.id));
      expect(row.apiKey).toMatch(/^v1\./);
      expect(row.apiKey).not.toContain(key);

      seen.length = 0;
      const answer = await admin.post('/api/admin/ai/test-stream', { model_id: made.models[0].id, prompt: 'hello' });
      expect(answer.body).not.toContain(key);
      expect(seen[0].auth).toBe(`Bearer ${key}`);
      // An update without a key keeps it; '' removes it.
      const update = { id: made.id, name: 'Stand-in', base_url: providerUrl, models: ['small', 'large'] };
      expect((await admin.post('/api/admin/ai/providers/update', update)).json().provider.has_api_key).toBe(true);
      expect(
        (await admin.post('/api/admin/ai/providers/update', { ...update, api_key: '' })).json().provider.has_api_key,
      ).toBe(false);
      // Every change is in the audit log, without the key.
      const audit = await admin.get('/api/admin/audit?action=ai_provider.change');
      expect(audit.body).not.toContain(key);
      expect(audit.json().entries.length).toBeGreaterThanOrEqual(3);
    });
  });

  it('streams a reply through the official SDK, with latency and tokens', async () => {
    const admin = await adminOf(app);
    await withProvider({}, async (made) => {
      const answer = await admin.post('/api/admin/ai/test-stream', {
        model_id: made.models[1].id,
        prompt: 'three little words',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
      const events = eventsOf(answer.body);
      const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
      expect(deltas.length).toBeGreaterThan(1);
      expect(deltas.join('')).toBe('You said three little words');
      expect(events[events.length - 1]).toEqual({
        event: 'done',
        data: {
          model: 'large',
          latency_ms: expect.any(Number),
          first_token_ms: expect.any(Number),
          usage: { prompt_tokens: 3, completion_tokens: 5 },
        },
      });
      expect(seen[seen.length - 1].body).toMatchObject({ model: 'large', stream: true });
    });
  });

  it('over real HTTP, the pieces reach the browser as they come, before the reply is whole', async () => {
    const admin = await adminOf(app);
    await withProvider({}, async (made) => {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${address}/api/admin/ai/test-stream`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
        },
        body: JSON.stringify({ model_id: made.models[0].id, prompt: 'one two three four five six' }),
      });
      expect(response.status).toBe(200);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      const reads: string[] = [];
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        reads.push(value);
      }
      // More than one read: the answer was not held back until the end.
      expect(reads.length).toBeGreaterThan(1);
      expect(reads[0]).toContain('event: delta');
      expect(eventsOf(reads.join('')).at(-1)?.event).toBe('done');
    });
  });

  it("reports the provider's errors and time-outs as the stream's end, in words", async () => {
    const admin = await adminOf(app);
    await withProvider({ timeout_ms: 1000 }, async (made) => {
      const failed = eventsOf(
        (await admin.post('/api/admin/ai/test-stream', { model_id: made.models[0].id, prompt: 'fail' })).body,
      );
      expect(failed).toEqual([
        {
          event: 'error',
          data: { message: 'The provider answered 401: Incorrect API key provided', provider_status: 401 },
        },
      ]);
      const slow = eventsOf(
        (await admin.post('/api/admin/ai/test-stream', { model_id: made.models[0].id, prompt: 'slow' })).body,
      );
      expect(slow).toEqual([
        { event: 'error', data: { message: 'The provider did not answer within 1 s.', provider_status: 0 } },
      ]);
    });
    // A provider nobody listens on.
    await withProvider({ base_url: 'http://127.0.0.1:9/v1' }, async (made) => {
      const gone = eventsOf(
        (await admin.post('/api/admin/ai/test-stream', { model_id: made.models[0].id, prompt: 'hi' })).body,
      );
      expect(gone).toEqual([
        { event: 'error', data: { message: 'The provider could not be reached.', provider_status: 0 } },
      ]);
    });
  }, 30_000);

  it("holds each person to the provider's daily limit", async () => {
    await withProvider({ daily_limit: 2 }, async (made) => {
      const user = await signUp(app);
      expect((await user.post('/api/user/update', { ai_model: made.models[0].id })).statusCode).toBe(200);
      const draft = () => user.post('/api/goal/ai-draft', { board: user.boardId, params: { wish: 'read more books' } });
      expect((await draft()).statusCode).toBe(200);
      expect((await draft()).statusCode).toBe(200);
      const third = await draft();
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toMatch(/today's 2 AI requests for small/);
      // Another person has their own.
      const other = await signUp(app);
      expect(
        (await other.post('/api/goal/ai-draft', { board: other.boardId, params: { wish: 'read more books' } }))
          .statusCode,
      ).toBe(200);
    });
  });

  it('offers people the enabled models only, by name, and refuses others', async () => {
    await withProvider({ disabled_models: ['large'] }, async (made) => {
      const user = await signUp(app);
      const choices = (await user.get('/api/ai/models')).json();
      expect(choices.configured).toBe(true);
      expect(choices.models).toContainEqual({ id: made.models[0].id, name: 'small', provider: 'Stand-in' });
      expect(choices.models.map((m: { name: string }) => m.name)).not.toContain('large');
      expect(JSON.stringify(choices)).not.toContain(providerUrl);
      expect((await user.post('/api/user/update', { ai_model: made.models[1].id })).statusCode).toBe(422);
    });
  });

  it('refuses a key without CALENDAR_CREDENTIALS_KEY to seal it with, bad input, and non-admins', async () => {
    const admin = await adminOf(keyless);
    const withKey = await admin.post('/api/admin/ai/providers/create', {
      name: 'x',
      base_url: providerUrl,
      api_key: 'sk-1',
      models: ['m'],
    });
    expect(withKey.statusCode).toBe(422);
    expect(withKey.json().message).toMatch(/CALENDAR_CREDENTIALS_KEY/);
    expect(
      (await admin.get('/api/admin/ai/providers')).json().providers.map((p: { name: string }) => p.name),
    ).not.toContain('x');
    const bad = await admin.post('/api/admin/ai/providers/create', { name: 'y', base_url: 'ftp://x', models: [] });
    expect(bad.statusCode).toBe(422);
    const user = await signUp(keyless);
    expect((await user.get('/api/admin/ai/providers')).statusCode).toBe(403);
    expect((await user.post('/api/admin/ai/test-stream', { model_id: 1001, prompt: 'x' })).statusCode).toBe(403);
  });
});
