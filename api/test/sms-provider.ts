import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { arrivals } from './arrivals';

/** A message the stand-in accepted, as Twilio would have queued it. */
export interface ReceivedSms {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
}

/** An answer the stand-in gives instead of accepting: Twilio's error body `{ code, message, more_info, status }`. */
export interface SmsErrorAnswer {
  status: number;
  code: number;
  message: string;
}

/**
 * A local SMS provider speaking Twilio's Messages API as Twilio does: POST /2010-04-01/Accounts/{sid}/Messages.json
 * with HTTP Basic auth (the account SID and its auth token) and a form-encoded To, From and Body; 201 with the
 * message's JSON (`sid`, `status: "queued"`), errors as `{ code, message, more_info, status }`. A number can be made
 * to answer an error (400 for an invalid number, 500 for an outage) a given number of times or for good.
 */
export interface SmsProviderStandIn {
  url: string;
  accountSid: string;
  authToken: string;
  received: ReceivedSms[];
  /** Every request answered with an error, and why (bad auth, a missing field, an error asked for with `answer`). */
  refused: { status: number; reason: string }[];
  /** Requests to the Messages API, accepted or not. */
  attempts: number;
  /** Makes messages to `to` answer `error`: the next `times` of them, or every one from now on. */
  answer(to: string, error: SmsErrorAnswer, times?: number): void;
  waitFor(match: (sms: ReceivedSms) => boolean, timeoutMs?: number): Promise<ReceivedSms>;
  close(): Promise<void>;
}

/** Twilio's own error for an invalid 'To' number (21211), as a 400. */
export const invalidNumber = (to: string): SmsErrorAnswer => ({
  status: 400,
  code: 21211,
  message: `The 'To' number ${to} is not a valid phone number.`,
});

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startSmsProvider(): Promise<SmsProviderStandIn> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const texts = arrivals<ReceivedSms>();
  const { received } = texts;
  const refused: SmsProviderStandIn['refused'] = [];
  const errors = new Map<string, { error: SmsErrorAnswer; times: number }>();
  let attempts = 0;

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const fail = (error: SmsErrorAnswer, reason = error.message) => {
        refused.push({ status: error.status, reason });
        json(error.status, {
          code: error.code,
          message: error.message,
          more_info: `https://www.twilio.com/docs/errors/${error.code}`,
          status: error.status,
        });
      };
      const path = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !path)
        return fail({ status: 404, code: 20404, message: `The requested resource ${request.url} was not found` });
      attempts += 1;
      const [scheme, credentials] = (request.headers.authorization ?? '').split(' ');
      const [user, password] = Buffer.from(credentials ?? '', 'base64')
        .toString('utf8')
        .split(':');
      if (scheme !== 'Basic' || user !== accountSid || password !== authToken)
        return fail({ status: 401, code: 20003, message: 'Authenticate' });
      if (decodeURIComponent(path[1]) !== accountSid)
        return fail({ status: 404, code: 20404, message: `The requested resource ${request.url} was not found` });
      if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return fail({ status: 400, code: 21620, message: 'The body is not form-encoded' });
      }
      const form = new URLSearchParams(body);
      const to = form.get('To');
      const from = form.get('From');
      const text = form.get('Body');
      if (!to) return fail({ status: 400, code: 21604, message: "A 'To' phone number is required." });
      if (!from) return fail({ status: 400, code: 21603, message: "A 'From' phone number is required." });
      if (!text) return fail({ status: 400, code: 21602, message: 'Message body is required.' });
      const planned = errors.get(to);
      if (planned) {
        if (planned.times <= 1) errors.delete(to);
        else planned.times -= 1;
        return fail(planned.error);
      }
      if (!/^\+[1-9]\d{6,14}$/.test(to)) return fail(invalidNumber(to));
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const message = { sid, accountSid, to, from, body: text };
      texts.add(message);
      json(201, {
        sid,
        account_sid: accountSid,
        to,
        from,
        body: text,
        status: 'queued',
        direction: 'outbound-api',
        num_segments: '1',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    accountSid,
    authToken,
    received,
    refused,
    get attempts() {
      return attempts;
    },
    answer(to, error, times = Number.POSITIVE_INFINITY) {
      errors.set(to, { error, times });
    },
    waitFor(match, timeoutMs = 30_000) {
      return texts.waitFor(
        match,
        timeoutMs,
        () =>
          `no matching text within ${timeoutMs} ms (refused: ${refused.map((r) => `${r.status} ${r.reason}`).join(' | ') || 'none'})`,
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
