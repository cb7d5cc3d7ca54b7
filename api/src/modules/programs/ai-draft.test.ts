import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';
import { readProgramDraft } from './ai-draft';

const drafted = {
  title: 'Calm Mornings',
  description: 'For busy parents who want a quiet start.',
  chapters: [
    { title: 'Why mornings', summary: 'What a calm start changes.' },
    { title: 'The first ten minutes', summary: 'A routine to try.' },
  ],
  goals: ['Wake at 6:30 on weekdays'],
  habits: ['Ten minutes of stillness', 'No phone before breakfast'],
  prompts: ['What made this morning calm?'],
};

/** A stand-in for an OpenAI-compatible provider: answers the program as JSON in a code fence, and keeps the prompt. */
let provider: Server;
let providerUrl = '';
const prompts: string[] = [];
beforeAll(async () => {
  provider = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: { content: string }[] };
      prompts.push(body.messages[0].content);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: { role: 'assistant', content: `Here:\n\`\`\`json\n${JSON.stringify(drafted)}\n\`\`\`` },
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
});

let app: FastifyInstance;
let bare: FastifyInstance;
beforeAll(async () => {
  [app, bare] = await Promise.all([
    createTestApp({ aiEnv: { AI_BASE_URL: providerUrl, AI_MODELS: 'writer-1' } }),
    createTestApp({ aiEnv: {} }),
  ]);
});
afterAll(async () => {
  await app.close();
  await bare.close();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

describe('POST /api/program/ai-draft', () => {
  it("drafts chapters, goals, habits and prompts from the creator's description, sending only that", async () => {
    const creator = await signUp(app, { as_creator: true, name: 'Private Person Name' });
    const answer = await creator.post('/api/program/ai-draft', {
      description: 'A four-week course for parents who want calmer mornings',
    });
    expect(answer.json()).toEqual({ success: true, model: 'writer-1', draft: drafted });
    const sent = prompts[prompts.length - 1];
    expect(sent).toContain('A four-week course for parents who want calmer mornings');
    expect(sent).not.toContain('Private Person Name');
    expect(sent).not.toContain(creator.email);
    // Nothing is stored: the creator has no program yet.
    const list = await creator.post('/api/program/all', { board: creator.boardId, params: {} });
    expect(list.json().programs).toEqual([]);
  });

  it('says plainly when no provider is set up, and is for creators only', async () => {
    const creator = await signUp(bare, { as_creator: true });
    expect(
      (await creator.post('/api/program/ai-draft', { description: 'A course about sleeping better' })).json(),
    ).toEqual({ success: false, configured: false, error: expect.stringMatching(/^No AI provider is set up/) });
    const user = await signUp(bare);
    expect((await user.post('/api/program/ai-draft', { description: 'A course about sleep' })).statusCode).toBe(403);
    expect((await creator.post('/api/program/ai-draft', { description: 'short' })).statusCode).toBe(422);
  });

  it('reads what models really answer: a fence, loose chapters, odd parts dropped', () => {
    expect(readProgramDraft('no json here')).toBeNull();
    expect(
      readProgramDraft(
        '```json\n{"title": "T", "chapters": ["One", {"title": "Two"}, 3, {}], "habits": ["h", 4], "goals": "x"}\n```',
      ),
    ).toEqual({
      title: 'T',
      description: '',
      chapters: [
        { title: 'One', summary: '' },
        { title: 'Two', summary: '' },
      ],
      goals: [],
      habits: ['h'],
      prompts: [],
    });
  });
});
