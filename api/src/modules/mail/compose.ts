import type { MailMessage } from './mailer';
import { escapeHtml } from './link-pages';

export interface MailContent {
  to: string;
  subject: string;
  /** "Hello Ann," and the like. */
  greeting: string;
  /** Paragraphs of plain text, before the button. */
  lines: string[];
  /** The main link, shown as a button in HTML and as an address in text. */
  action?: { label: string; url: string };
  /** More links below the button (e.g. "Snooze 10 min"). */
  links?: { label: string; url: string }[];
  /** Paragraphs after the links. */
  footer?: string[];
  messageId?: string;
  headers?: Record<string, string>;
}

/** One message with a text part and an HTML part that say the same. */
export function composeMail(content: MailContent): MailMessage {
  const links = [...(content.action ? [content.action] : []), ...(content.links ?? [])];
  const text =
    [
      content.greeting,
      '',
      ...content.lines.flatMap((line) => [line, '']),
      ...links.flatMap((link) => [`${link.label}: ${link.url}`, '']),
      ...(content.footer ?? []).flatMap((line) => [line, '']),
    ]
      .join('\n')
      .trimEnd() + '\n';
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#2563eb;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const more = (content.links ?? [])
    .map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`)
    .join(' &middot; ');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">',
    paragraph(content.greeting),
    ...content.lines.map(paragraph),
    button,
    more ? `<p style="margin:0 0 16px">${more}</p>` : '',
    ...(content.footer ?? []).map(
      (line) => `<p style="margin:0 0 16px;color:#6b7280;font-size:14px">${escapeHtml(line)}</p>`,
    ),
    '</body></html>',
  ].join('');
  return {
    to: content.to,
    subject: content.subject,
    text,
    html,
    ...(content.messageId ? { messageId: content.messageId } : {}),
    ...(content.headers ? { headers: content.headers } : {}),
  };
}
