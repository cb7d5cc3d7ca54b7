import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * CalDAV passwords are kept encrypted (AES-256-GCM) with the server's CALENDAR_CREDENTIALS_KEY, so a copy of the
 * database alone does not give away anyone's calendar account. A stored secret is `v1.<iv>.<tag>.<ciphertext>`
 * in base64url; the connection's id is bound in as associated data, so a secret copied onto another row fails.
 */

export class CredentialsKeyMissing extends Error {
  constructor() {
    super(
      'Connecting CalDAV calendars is not set up on this server: whoever runs it sets CALENDAR_CREDENTIALS_KEY (32 random bytes, e.g. `openssl rand -base64 32`) and restarts the API.',
    );
  }
}

/** The 32-byte key from its base64 or hex text; anything else is refused by env.ts before the server starts. */
export function parseCredentialsKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : null;
}

export class CredentialBox {
  private readonly key: Buffer | null;

  constructor(keyText: string | undefined) {
    this.key = keyText ? parseCredentialsKey(keyText) : null;
  }

  get configured(): boolean {
    return this.key !== null;
  }

  private need(): Buffer {
    if (!this.key) throw new CredentialsKeyMissing();
    return this.key;
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.need(), iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The password, or null when the secret was sealed with another key (the key was changed) or tampered with. */
  open(sealed: string, context: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.need(), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch (error) {
      if (error instanceof CredentialsKeyMissing) throw error;
      return null;
    }
  }
}
