import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { arrivals } from './arrivals';

/** What a browser would hand the API after `pushManager.subscribe()`. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed. */
  message: Record<string, unknown>;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims, after its signature was checked against the `k=` key. */
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
}

/**
 * A local push service speaking the Web Push protocol (RFC 8030/8291/8292), as a browser vendor's would: it
 * accepts a POST to a subscription's endpoint only with a valid VAPID JWT for its own origin, decrypts the
 * aes128gcm body with the subscriber's keys, and answers 201. An endpoint can be made to answer 410 (gone)
 * or 500 (down) instead. Each accepted push is counted in `received`.
 */
export interface PushServiceStandIn {
  url: string;
  received: ReceivedPush[];
  /** Requests refused with their reason (a bad JWT, an unknown endpoint, a body that does not decrypt). */
  refused: string[];
  subscribe(): TestSubscription;
  /** Makes an endpoint answer `status` from now on (410: the browser unsubscribed; 500: the service is down). */
  answer(endpoint: string, status: number): void;
  waitFor(match: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const b64url = (data: Buffer) => data.toString('base64url');

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Checks `vapid t=<jwt>, k=<key>` (RFC 8292): an ES256 signature by the key, for this origin, not expired. */
function checkVapid(
  header: string | undefined,
  origin: string,
): { claims: ReceivedPush['claims']; key: string } | string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return `no VAPID authorization: ${header}`;
  const [, jwt, key] = match;
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) return 'malformed JWT';
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') return 'JWT is not ES256';
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k= is not an uncompressed P-256 point';
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return 'JWT signature does not verify with k=';
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) return `JWT audience ${claims.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return 'JWT expired or valid for more than 24 h';
  if (!/^(mailto:|https:)/.test(claims.sub)) return 'JWT sub is not a mailto: or https: address';
  return { claims, key };
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const pushes = arrivals<ReceivedPush>();
  const { received } = pushes;
  const refused: string[] = [];
  const subscribers = new Map<string, { ecdh: ECDH; auth: string }>();
  const statuses = new Map<string, number>();
  let origin = '';

  const server = createServer((request, response) => {
    void (async () => {
      const endpoint = `${origin}${request.url ?? ''}`;
      const body = await readBody(request);
      const subscriber = subscribers.get(endpoint);
      const refuse = (status: number, reason: string) => {
        refused.push(reason);
        response.writeHead(status).end(reason);
      };
      if (request.method !== 'POST' || !subscriber) return refuse(404, `unknown endpoint ${endpoint}`);
      const vapid = checkVapid(request.headers.authorization, origin);
      if (typeof vapid === 'string') return refuse(403, vapid);
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'content-encoding is not aes128gcm');
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl)) return refuse(400, 'no TTL');
      const status = statuses.get(endpoint);
      if (status) return refuse(status, `answered ${status}`);
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(
          decrypt(body, { version: 'aes128gcm', privateKey: subscriber.ecdh, authSecret: subscriber.auth }).toString(
            'utf8',
          ),
        );
      } catch (error) {
        return refuse(400, `the body does not decrypt: ${String(error)}`);
      }
      pushes.add({
        endpoint,
        message,
        ttl,
        urgency: request.headers.urgency as string | undefined,
        topic: request.headers.topic as string | undefined,
        claims: vapid.claims,
        vapidKey: vapid.key,
      });
      response.writeHead(201, { location: `${endpoint}/message/${received.length}` }).end();
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = b64url(randomBytes(16));
      const endpoint = `${origin}/push/${b64url(randomBytes(12))}`;
      subscribers.set(endpoint, { ecdh, auth });
      return { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth } };
    },
    answer(endpoint, status) {
      statuses.set(endpoint, status);
    },
    waitFor(match, timeoutMs = 30_000) {
      return pushes.waitFor(
        match,
        timeoutMs,
        () => `no matching push within ${timeoutMs} ms (refused: ${refused.join(' | ') || 'none'})`,
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
