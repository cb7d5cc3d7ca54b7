import { mailOffNotice, useSiteConfig } from '../api/site';

/**
 * On a screen that promises mail (reset links, reminders by e-mail, the daily e-mail, invitations): says so when the
 * site sends none (MAIL=off), and shows nothing otherwise or until the site's setup is known. `what` names the mail.
 */
export function MailOffNotice({ what }: { what?: string }) {
  const config = useSiteConfig();
  if (config?.mail !== false) return null;
  return (
    <p className="lb-muted" role="note">
      {what ? `${mailOffNotice} ${what}` : mailOffNotice}
    </p>
  );
}
