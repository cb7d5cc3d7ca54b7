import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny real HTTP server speaking the API contract, for unit tests of the client, the stores and the
 * shell's transitions (the real API is another package). Node only: never import it from app code.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string, without the `?` ('' when none). */
  query: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** The body's bytes as sent (a multipart upload, which `body` shows as text). */
  raw: Uint8Array;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body sent as it is, not as JSON (a stream of server-sent events); set its type in `headers`. */
  text?: string;
  /** A binary body sent as it is (an image); set its type in `headers`. */
  bytes?: Uint8Array;
  /** Destroy the socket without answering (a network failure). */
  hangUp?: boolean;
}

export type FakeRoute = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  /** Sets (or replaces) the answer for `METHOD /path`. */
  on(route: string, handler: FakeRoute | FakeAnswer): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<{ body: unknown; raw: Uint8Array }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const text = raw.toString('utf8');
  if (!text) return { body: undefined, raw };
  try {
    return { body: JSON.parse(text), raw };
  } catch {
    return { body: text, raw };
  }
}

function allowCors(req: IncomingMessage, res: ServerResponse): void {
  // Credentials are sent, so the origin must be echoed (a `*` is refused by browsers).
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader(
    'Access-Control-Allow-Headers',
    'Authorization, Content-Type, X-Requested-With, Accept, Idempotency-Key',
  );
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
}

export async function startFakeApi(routes: Record<string, FakeRoute | FakeAnswer> = {}): Promise<FakeApi> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      allowCors(req, res);
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      const address = new URL(req.url ?? '/', 'http://localhost');
      const path = address.pathname;
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path,
        query: address.search.slice(1),
        headers: req.headers,
        ...(await readBody(req)),
      };
      requests.push(recorded);
      const route = table.get(`${recorded.method} ${path}`);
      const answer: FakeAnswer =
        route === undefined
          ? { status: 404, body: { message: `No route ${recorded.method} ${path}` } }
          : typeof route === 'function'
            ? await route(recorded)
            : route;
      if (answer.hangUp) {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', ...answer.headers });
      res.end(answer.bytes ?? answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(route, handler) {
      table.set(route, handler);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
