import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandIn {
  /** The base URL to give as a provider's address (`…/v1`). */
  url: string;
  /** The prompts it was sent, last message of each request. */
  prompts: string[];
  close(): Promise<void>;
}

/**
 * A stand-in for an OpenAI-compatible server (outside our walls in production) speaking chat completions: streamed as
 * server-sent events word by word with a short pause, or whole. `reply` makes the answer from the prompt.
 */
export async function startOpenAiStandIn(reply: (prompt: string) => string): Promise<StandIn> {
  const prompts: string[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end('{}');
        return;
      }
      const body = JSON.parse(raw) as { model: string; stream?: boolean; messages: { content: string }[] };
      const prompt = body.messages[body.messages.length - 1].content;
      prompts.push(prompt);
      const answer = reply(prompt);
      const usage = { prompt_tokens: prompt.split(/\s+/).length, completion_tokens: answer.split(/\s+/).length };
      const base = { id: 'c1', created: 0, model: body.model };
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            ...base,
            object: 'chat.completion',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer } }],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const words = answer.split(' ');
      let i = 0;
      const next = () => {
        if (i < words.length) {
          const delta = { content: (i ? ' ' : '') + words[i] };
          res.write(
            `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`,
          );
          i += 1;
          setTimeout(next, 150);
          return;
        }
        res.write(
          `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
      };
      next();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    prompts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
