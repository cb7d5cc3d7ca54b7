import { useStore } from '@nanostores/react';
import { readSmsConfig, smsConfigUrl } from '../api/notifications';
import { useApiGet } from '../api/use-api-get';
import { Link } from '../lib/router';
import { $session } from '../stores/session';
import { CheckboxGroup } from './fields';
import { MailOffNotice } from './MailOffNotice';

export interface ChannelsInputProps {
  label: string;
  hint?: string;
  error?: string[];
  options: string[];
  labels: Record<string, string>;
  value: string[];
  onChange: (value: string[]) => void;
}

/**
 * How a reminder, or a habit's reminder times, reach their owner (the reminder form and the habit form both use it).
 * A text message is offered only when the server can send one (it says so at `/api/sms/config`) and the account can
 * receive one (a phone number, texts switched on); where the server can but the account cannot yet, the form says
 * what to set on the account page. Without an SMS provider, texts are not mentioned at all. A reminder that already
 * texts keeps its box, so it can be unticked.
 */
export function ChannelsInput({ label, hint, error, options, labels, value, onChange }: ChannelsInputProps) {
  const sms = useApiGet(smsConfigUrl, readSmsConfig);
  const user = useStore($session).user;
  const configured = sms.state === 'ready' && sms.data.configured;
  const phone = user?.phone_number ?? null;
  const ready = configured && phone !== null && user?.has_sms_enabled === true;
  const shown = options.filter((option) => option !== 'sms' || ready || value.includes('sms'));
  const missing = !phone
    ? 'add your phone number and switch on “Send me text messages”'
    : 'switch on “Send me text messages”';
  return (
    <div>
      <CheckboxGroup
        label={label}
        hint={hint}
        error={error}
        value={value}
        onChange={onChange}
        options={shown.map((option) => ({
          value: option,
          label: option === 'sms' && ready ? `${labels.sms} (to ${phone})` : labels[option],
        }))}
      />
      {options.includes('email') ? <MailOffNotice what="Reminders by e-mail are not sent." /> : null}
      {configured && !ready ? (
        <p className="lb-muted">
          To get reminders by text message, <Link to="/account">{missing} on your account page</Link>.
        </p>
      ) : null}
    </div>
  );
}
