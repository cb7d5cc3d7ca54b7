import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a "Done" or "Snooze" link acts on: a reminder ('r') or a habit ('h'), at one occurrence. */
export interface ActionPayload {
  kind: 'r' | 'h';
  id: number;
  /** The occurrence, in ms since the epoch. */
  at: number;
  action: 'done' | 'snooze';
  /** How many times this occurrence was snoozed already (each snooze is its own job). */
  snoozes: number;
  /** Expiry, in ms since the epoch. */
  exp: number;
}

/** Links work for a day after the occurrence they were sent for. */
export const ACTION_LINK_TTL_MS = 24 * 3600 * 1000;

export type SignedCheck<T> = { ok: true; payload: T } | { ok: false; reason: 'forged' | 'expired' };
export type ActionCheck = SignedCheck<ActionPayload>;

/** HMAC-SHA256 signed links: the payload is readable, but any change to it (or a wrong key) is refused. */
export class ActionSigner {
  private readonly key: Buffer;

  constructor(secret?: string) {
    this.key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  sign(payload: ActionPayload): string {
    return this.signFor('', payload);
  }

  verify(token: string, now = Date.now()): ActionCheck {
    return this.verifyFor<ActionPayload>('', token, now);
  }

  /**
   * Another kind of signed link (e.g. 'unsubscribe'): the purpose is part of what is signed, so a token made
   * for one purpose is refused by every other.
   */
  signFor<T extends { exp: number }>(purpose: string, payload: T): string {
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${body}.${this.mac(body, purpose)}`;
  }

  verifyFor<T extends { exp: number }>(purpose: string, token: string, now = Date.now()): SignedCheck<T> {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return { ok: false, reason: 'forged' };
    const expected = Buffer.from(this.mac(body, purpose));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
    let payload: T;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
    } catch {
      return { ok: false, reason: 'forged' };
    }
    if (typeof payload.exp !== 'number' || payload.exp < now) return { ok: false, reason: 'expired' };
    return { ok: true, payload };
  }

  private mac(body: string, purpose: string): string {
    return createHmac('sha256', this.key)
      .update(purpose ? `${purpose}.${body}` : body)
      .digest('base64url');
  }
}
