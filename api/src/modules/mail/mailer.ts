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

/** nodemailer over SMTP (`SMTP_URL`; MailDev on 127.0.0.1:1025 in development). */
export function createMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}
