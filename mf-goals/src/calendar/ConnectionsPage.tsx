import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import * as api from '@lifeboard/shared/api/account';
import { Link } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { $calendarConnections } from '@lifeboard/shared/stores/data';
import { loadCalendarConnections } from '@lifeboard/shared/stores/data-loaders';
import { Button } from '@lifeboard/shared/ui/Button';
import { TextField } from '@lifeboard/shared/ui/fields';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';

/** Subscribing to another calendar's secret iCal address. What was typed stays in the form when it fails. */
function SubscribeForm() {
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    if (!url.trim()) return setError('Paste the calendar\'s address (it starts with https:// or webcal://).');
    setBusy(true);
    const result = await api.subscribeToCalendar(url.trim(), name.trim());
    setBusy(false);
    if (!result.ok) return setError(result.error.message);
    setUrl('');
    setName('');
    setDone(`Subscribed to "${result.data.name}": ${result.data.event_count} ${result.data.event_count === 1 ? 'event' : 'events'}. They are on your calendar now.`);
    void loadCalendarConnections();
  };
  return (
    <form className="lb-stack" onSubmit={(event) => void submit(event)} aria-label="Subscribe to a calendar" noValidate>
      <TextField label="Calendar address (iCal)" type="url" inputMode="url" placeholder="https://… or webcal://…" value={url} onChange={(e) => setUrl(e.target.value)} error={error ?? undefined}
        hint="Google Calendar: Settings → your calendar → Integrate calendar → Secret address in iCal format. Outlook: Settings → Calendar → Shared calendars → Publish a calendar → ICS link. Apple: Share → Public calendar." />
      <TextField label="Name (optional)" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      <div><Button type="submit" variant="primary" busy={busy}>Subscribe</Button></div>
      {done ? <p role="status">{done}</p> : null}
    </form>
  );
}

/** The secret address other calendars subscribe to; turning it off makes the old address stop working. */
function PrivateFeed() {
  const [url, setUrl] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const show = async () => {
    const result = await api.fetchCalendarFeed();
    if (!result.ok) return setMessage(`Could not make the address: ${result.error.message}`);
    setUrl(result.data);
    setMessage(null);
  };
  const revoke = async () => {
    const result = await api.revokeCalendarFeed();
    if (!result.ok) return setMessage(`Could not turn it off: ${result.error.message}`);
    setUrl(null);
    setMessage('The address is turned off: calendars subscribed to it no longer get your events.');
  };
  return (
    <div className="lb-stack">
      <p>Show your Lifeboard events and planned activities (with their repeats) in Google Calendar, Apple Calendar or Outlook: subscribe there to this secret address. Anyone who has it can read your events.</p>
      {url ? <TextField label="Your calendar's secret address" readOnly value={url} onFocus={(e) => e.currentTarget.select()} /> : null}
      <div className="lb-row">
        {url ? null : <Button onClick={() => void show()}>Show my calendar address</Button>}
        {url ? <Button variant="danger" onClick={() => void revoke()}>Turn this address off</Button> : null}
      </div>
      {message ? <p role="status">{message}</p> : null}
    </div>
  );
}

/**
 * Connecting Google Calendar itself: the server needs an OAuth client first. The button says what is
 * missing and who sets it; the iCal subscription above works meanwhile.
 */
function GoogleCalendar() {
  const [providers, setProviders] = useState<api.CalendarProviders | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void api.fetchCalendarProviders().then((result) => {
      if (!live) return;
      if (result.ok) setProviders(result.data);
      else setFailed(true);
    });
    return () => { live = false; };
  }, []);
  if (failed) return <p className="lb-muted">Whether Google Calendar can be connected could not be checked. Try again later.</p>;
  if (!providers) return <p className="lb-muted">Checking…</p>;
  const { configured, missing } = providers.google;
  return (
    <div className="lb-stack">
      <div><Button disabled aria-describedby="google-calendar-why">Connect Google Calendar</Button></div>
      <p id="google-calendar-why">
        {configured
          ? 'Google Calendar is set up on this server, but connecting it directly (two-way) is not built yet. Subscribe to its secret iCal address above to see its events here.'
          : `Not set up on this Lifeboard server: whoever runs it sets ${missing.join(' and ')} (an OAuth client of type "Web application" from Google Cloud Console → APIs & Services → Credentials) and restarts the API. Until then, subscribe to your Google calendar's secret iCal address above.`}
      </p>
    </div>
  );
}

/** `/calendar/connections`: subscribed calendars, a new subscription, and the private feed. */
export function ConnectionsPage() {
  const connections = useStore($calendarConnections);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => { void loadCalendarConnections(); }, []);
  const refresh = async (id: number) => {
    const result = await api.refreshCalendarConnection(id);
    setMessage(result.ok ? (result.data.last_error ? `Could not refresh "${result.data.name}": ${result.data.last_error}` : `"${result.data.name}" is up to date.`) : result.error.message);
    void loadCalendarConnections();
  };
  const remove = async (id: number, name: string) => {
    const result = await api.deleteCalendarConnection(id);
    setMessage(result.ok ? `"${name}" is disconnected; its events are gone from your calendar.` : result.error.message);
    void loadCalendarConnections();
  };
  return (
    <section className="lb-stack">
      <PageHeader title="Connect a calendar" description="See the calendars you already use beside your plans, and your plans in them." actions={<Link to="/calendar">Back to the calendar</Link>} />
      <Panel title="Your subscribed calendars">
        {connections.length ? (
          <ul className="lb-stack">
            {connections.map((c) => (
              <li key={c.id}>
                <strong>{c.name}</strong> · {c.event_count} {c.event_count === 1 ? 'event' : 'events'}
                {c.last_synced_at ? ` · checked ${formatDisplayDate(c.last_synced_at)}` : ''}
                {c.last_error ? <span className="lb-muted"> · last check failed: {c.last_error}</span> : null}
                <span className="lb-row">
                  <Button size="small" onClick={() => void refresh(c.id)}>Refresh now</Button>
                  <Button size="small" variant="danger" onClick={() => void remove(c.id, c.name)}>Disconnect</Button>
                </span>
              </li>
            ))}
          </ul>
        ) : <p className="lb-muted">None yet. Subscribe below; calendars are checked for changes every 30 minutes.</p>}
        {message ? <p role="status">{message}</p> : null}
      </Panel>
      <Panel title="Subscribe to a calendar"><SubscribeForm /></Panel>
      <Panel title="Your calendar in other apps"><PrivateFeed /></Panel>
      <Panel title="Google Calendar"><GoogleCalendar /></Panel>
      <Panel title="Two-way sync">
        <p className="lb-muted">Editing your CalDAV calendars from Lifeboard is not available yet: subscriptions are read-only copies, and other apps read your Lifeboard calendar through the address above.</p>
      </Panel>
    </section>
  );
}
