import type { Env } from '../../env';

/** A Twilio-compatible SMS provider (SMS_* settings). */
export interface SmsConfig {
  /** The API's base address, without the version path: https://api.twilio.com, or a stand-in's. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or alphanumeric sender ID. */
  from: string;
}

/** The SMS settings, or null when SMS is not set up (the channel is then neither offered nor accepted). */
export function readSmsConfig(
  env: Pick<Env, 'SMS_API_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM'>,
): SmsConfig | null {
  if (!env.SMS_ACCOUNT_SID || !env.SMS_AUTH_TOKEN || !env.SMS_FROM) return null;
  return {
    apiUrl: env.SMS_API_URL.replace(/\/+$/, ''),
    accountSid: env.SMS_ACCOUNT_SID,
    authToken: env.SMS_AUTH_TOKEN,
    from: env.SMS_FROM,
  };
}

/** What the provider answered for an accepted message. */
export interface SentSms {
  sid: string;
  status: string;
}

/**
 * The provider refused this message for good (a 4xx other than 429: an invalid or unreachable number, a blocked
 * recipient, wrong credentials); sending it again would be refused again.
 */
export class SmsRefused extends Error {
  override name = 'SmsRefused';
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** Twilio's error body: `{ code, message, more_info, status }`. */
function errorOf(body: unknown): { code: number | null; message: string | null } {
  if (typeof body !== 'object' || body === null) return { code: null, message: null };
  const { code, message } = body as { code?: unknown; message?: unknown };
  return { code: typeof code === 'number' ? code : null, message: typeof message === 'string' ? message : null };
}

/**
 * Sends one text with Twilio's Messages API: POST {base}/2010-04-01/Accounts/{sid}/Messages.json, HTTP Basic auth
 * (sid:token), form-encoded To, From and Body; 201 with the message's `sid` and `status`.
 *
 * A few lines of fetch rather than the `twilio` package: its client has no setting for the API's address (it is
 * written into each of its domains), so it could not be pointed at another compatible provider or a local stand-in.
 *
 * Rejects with SmsRefused for a permanent refusal, and with a plain Error for what may pass (5xx, 429, no answer).
 */
export async function sendSms(
  config: SmsConfig,
  message: { to: string; body: string },
  timeoutMs = 15_000,
): Promise<SentSms> {
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }).toString(),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): described by its status below.
  }
  if (response.status >= 200 && response.status < 300) {
    const { sid, status } = (body ?? {}) as { sid?: unknown; status?: unknown };
    if (typeof sid !== 'string') throw new Error(`the SMS provider answered ${response.status} without a message sid`);
    return { sid, status: typeof status === 'string' ? status : 'queued' };
  }
  const error = errorOf(body);
  const described = `the SMS provider answered ${response.status}${error.code !== null ? ` (error ${error.code})` : ''}: ${error.message ?? text.slice(0, 200)}`;
  if (response.status >= 400 && response.status < 500 && response.status !== 429)
    throw new SmsRefused(response.status, error.code, described);
  throw new Error(described);
}
