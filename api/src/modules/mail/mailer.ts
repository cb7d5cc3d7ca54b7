import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when configured; otherwise the outbox table plus the log, so a local user can still reset a password. */
export function createMailer(options: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      await options.db.insert(outbox).values(message);
      options.log.info({ to: message.to, subject: message.subject }, `outbox mail:\n${message.text}`);
    },
  };
}
