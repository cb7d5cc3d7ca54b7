import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Map<string, unknown>;
}

/** A real SMTP server in the test process: what the API sends arrives here, parsed (text and HTML parts). */
export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves with the first message (already here or arriving within `timeoutMs`) that passes `match`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * From now on, keeps each new message without answering its final dot (a slow server still committing it):
   * the sender waits for the reply. A held message whose sender hangs up is dropped, as a server drops a
   * message it never acknowledged; `release()` accepts the held ones and stops holding.
   */
  hold(): void;
  release(): void;
  /** How many messages are held now. */
  held(): number;
  close(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let holding = false;
  const heldMessages = new Map<string, { mail: ReceivedMail; accept: () => void }>();
  const accept = (mail: ReceivedMail, callback: () => void) => {
    received.push(mail);
    for (const wake of waiters) wake();
    callback();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // The API keeps pooled connections open; closing the sink drops them after a second instead of smtp-server's 30.
    closeTimeout: 1000,
    onClose(session) {
      heldMessages.delete(session.id);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            headers: parsed.headers,
          };
          if (holding) heldMessages.set(session.id, { mail, accept: () => accept(mail, () => callback()) });
          else accept(mail, () => callback());
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${bound}?ignoreTLS=true`,
    port: bound,
    received,
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const message of heldMessages.values()) message.accept();
      heldMessages.clear();
    },
    held: () => heldMessages.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
