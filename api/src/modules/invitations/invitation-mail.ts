import { composeMail } from '../mail/compose';
import type { MailMessage } from '../mail/mailer';

/** The site's address (`APP_URL`, as in the password-reset link) with any trailing slash dropped. */
function site(appUrl: string): string {
  return appUrl.replace(/\/+$/, '');
}

/** `${APP_URL}/sign-up[/programGuid]?invitation=<token>`: the sign-up page carries the token to `/api/register`. */
export function invitationLink(appUrl: string, token: string, programGuid: string | null): string {
  const program = programGuid ? `/${encodeURIComponent(programGuid)}` : '';
  return `${site(appUrl)}/sign-up${program}?invitation=${encodeURIComponent(token)}`;
}

export interface InvitationMailInput {
  to: string;
  inviterName: string;
  appUrl: string;
  token: string;
  program: { guid: string; title: string } | null;
}

/**
 * The invitation e-mail. It reads the same whether or not the address already has an account (the sender
 * must not learn that), so it also says how to sign in instead.
 */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const link = invitationLink(input.appUrl, input.token, input.program?.guid ?? null);
  const login = `${site(input.appUrl)}/login${input.program ? `/${encodeURIComponent(input.program.guid)}` : ''}`;
  const what = input.program
    ? `${input.inviterName} invited you to Lifeboard, to start the program “${input.program.title}”.`
    : `${input.inviterName} invited you to Lifeboard, a place to plan your goals, habits and days.`;
  return composeMail({
    to: input.to,
    subject: input.program
      ? `You are invited to “${input.program.title}” on Lifeboard`
      : 'You are invited to Lifeboard',
    greeting: 'Hello,',
    lines: [what],
    action: { label: 'Create your account', url: link },
    footer: [
      `Already have an account? Sign in at ${login}`,
      'If you were not expecting this, you can ignore this message.',
    ],
  });
}
