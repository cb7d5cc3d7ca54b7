import type { FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, testDatabase } from '../../../test/helpers';
import { makeAdmin } from '../admin/local-admin';
import { displayUrl, readAiConfig } from './config';

/** A stand-in for an OpenAI-compatible provider (outside our walls): echoes the prompt, or fails on "fail". */
let provider: Server;
let providerUrl = '';
const seen: { auth?: string; body: unknown }[] = [];
beforeAll(async () => {
  provider = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: { content: string }[] };
      seen.push({ auth: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (req.url !== '/v1/chat/completions') {
        res.statusCode = 404;
        res.end('{}');
        return;
      }
      if (body.messages[0].content === 'fail') {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
        return;
      }
      res.end(
        JSON.stringify({
          model: body.model,
          choices: [{ message: { role: 'assistant', content: `You said: ${body.messages[0].content}` } }],
          usage: { prompt_tokens: 5, completion_tokens: 4 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1/`;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

describe('AI configuration', () => {
  it('reads the provider from AI_* settings and says what is missing', () => {
    expect(readAiConfig({})).toMatchObject({
      configured: false,
      models: [],
      problems: [expect.stringContaining('AI_BASE_URL'), expect.stringContaining('AI_MODELS')],
    });
    const config = readAiConfig({
      AI_BASE_URL: 'https://api.example.com/v1/',
      AI_API_KEY: 'sk-1',
      AI_MODELS: 'small, large ,',
    });
    expect(config).toMatchObject({
      configured: true,
      baseUrl: 'https://api.example.com/v1',
      apiKey: 'sk-1',
      problems: [],
    });
    expect(config.models).toEqual([
      { id: 1, name: 'small' },
      { id: 2, name: 'large' },
    ]);
    expect(readAiConfig({ AI_BASE_URL: 'not a url', AI_MODELS: 'x' }).configured).toBe(false);
    expect(displayUrl('https://user:secret@api.example.com/v1/')).toBe('https://api.example.com/v1');
  });
});

describe('/api/admin/ai', () => {
  let app: FastifyInstance;
  let bare: FastifyInstance;
  beforeAll(async () => {
    [app, bare] = await Promise.all([
      createTestApp({ aiEnv: { AI_BASE_URL: providerUrl, AI_API_KEY: 'sk-test', AI_MODELS: 'echo-1,echo-2' } }),
      createTestApp({ aiEnv: {} }),
    ]);
  });
  afterAll(async () => {
    await app.close();
    await bare.close();
  });

  it('is for admins only', async () => {
    const user = await signUp(app);
    expect((await user.get('/api/admin/ai/models')).statusCode).toBe(403);
    expect((await user.post('/api/admin/ai/test', { model: 'echo-1', prompt: 'hi' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/ai/models' })).statusCode).toBe(401);
  });

  it('lists the configured models without the key, and sends a test prompt to one', async () => {
    const admin = await signUp(app);
    await makeAdmin((await testDatabase()).db, admin.email);
    const list = await admin.get('/api/admin/ai/models');
    expect(list.json()).toEqual({
      success: true,
      configured: true,
      problems: [],
      provider: { base_url: providerUrl.replace(/\/$/, ''), has_api_key: true, timeout_ms: 60_000 },
      models: [
        { id: 1, name: 'echo-1' },
        { id: 2, name: 'echo-2' },
      ],
    });
    expect(list.body).not.toContain('sk-test');

    const answer = (await admin.post('/api/admin/ai/test', { model: 'echo-2', prompt: 'Plan my week' })).json();
    expect(answer).toMatchObject({
      success: true,
      answer: 'You said: Plan my week',
      model: 'echo-2',
      usage: { prompt_tokens: 5, completion_tokens: 4 },
    });
    expect(seen.at(-1)).toMatchObject({
      auth: 'Bearer sk-test',
      body: { model: 'echo-2', messages: [{ role: 'user', content: 'Plan my week' }] },
    });

    expect((await admin.post('/api/admin/ai/test', { model: 'fail-model', prompt: 'x' })).statusCode).toBe(422);
    expect((await admin.post('/api/admin/ai/test', { model: 'echo-1', prompt: '  ' })).statusCode).toBe(422);
    expect((await admin.post('/api/admin/ai/test', { model: 'echo-1', prompt: 'fail' })).json()).toEqual({
      success: false,
      error: 'The provider answered 401: Incorrect API key provided',
      provider_status: 401,
    });
  });

  it('without a provider, says which settings to set', async () => {
    const admin = await signUp(bare);
    await makeAdmin((await testDatabase()).db, admin.email);
    expect((await admin.get('/api/admin/ai/models')).json()).toMatchObject({
      configured: false,
      provider: null,
      models: [],
    });
    const refused = await admin.post('/api/admin/ai/test', { model: 'x', prompt: 'hello' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^No AI provider is configured: set AI_BASE_URL .*set AI_MODELS/);
  });
});
