import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID lets a receiving server drop a copy sent again after a crash. */
  messageId?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Hands the message to the SMTP server; rejects when the server is down or refuses it. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * nodemailer over SMTP (`SMTP_URL`; MailDev on 127.0.0.1:1025 in development). Pooled unless the URL says
 * otherwise: up to 5 connections kept open and reused, so a burst of reminders does not open (and greet, and
 * close) one connection per message.
 */
export function createMailer(options: { smtpUrl: string; from: string }): Mailer {
  const url = new URL(options.smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '5');
  const transport = nodemailer.createTransport(url.toString());
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}

/**
 * MAIL=off: this site sends no mail. A message is dropped (the log says which kind, never to whom), and the
 * screens that promise mail say that it is off (`GET /api/site/config`).
 */
export function mailOff(log: { info(details: object, message: string): void }): Mailer {
  return {
    async send(message) {
      log.info({ subject: message.subject }, 'mail is off on this site (MAIL=off): a message was not sent');
    },
    close: () => undefined,
  };
}
