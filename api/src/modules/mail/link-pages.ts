import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

/** Text made safe to stand inside HTML, in an element or an attribute. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The signed token a mail's link carries (`?t=`). */
export const signedLinkQuery = z.object({ t: z.string().min(1).max(2000) });

/** A bare HTML page: what a link from a mail ("Done", "Unsubscribe") answers with. */
export function linkPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Lifeboard</title></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

/**
 * The one button of a link's page, which posts back to the link: opening the link (GET) only shows it, so a mail
 * scanner that follows links changes nothing. `label` is trusted HTML text.
 */
export function postBackForm(path: string, token: string, label: string): string {
  return `<form method="post" action="${path}?t=${encodeURIComponent(token)}"><button type="submit">${label}</button></form>`;
}

/** A page's button posts an empty HTML form, a mail client's one-click unsubscribe "List-Unsubscribe=One-Click": nothing in either is read. */
export function ignoreFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );
}
