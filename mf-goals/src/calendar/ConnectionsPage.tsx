import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as api from '@lifeboard/shared/api/calendar';
import { ValidationError } from '@lifeboard/shared/api/errors';
import { Link, useSearchParams } from '@lifeboard/shared/lib/router';
import { formatTimeAgo } from '@lifeboard/shared/lib/date-display';
import { $calendarConnections } from '@lifeboard/shared/stores/data';
import { loadCalendarConnections } from '@lifeboard/shared/stores/data-loaders';
import { Button } from '@lifeboard/shared/ui/Button';
import { ConfirmDialog } from '@lifeboard/shared/ui/Dialog';
import { Checkbox, Select, TextField } from '@lifeboard/shared/ui/fields';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';

/** Where common CalDAV services live, and what password they want. */
const presets = {
  icloud: {
    label: 'iCloud',
    url: 'https://caldav.icloud.com',
    user: 'Your Apple ID e-mail',
    help: 'iCloud needs an app-specific password: appleid.apple.com → Sign-In and Security → App-Specific Passwords. Your Apple ID password will not work.',
  },
  fastmail: {
    label: 'Fastmail',
    url: 'https://caldav.fastmail.com',
    user: 'Your Fastmail e-mail address',
    help: 'Fastmail needs an app password with CalDAV access: Settings → Privacy & Security → Integrations → App passwords.',
  },
  nextcloud: {
    label: 'Nextcloud',
    url: 'https://',
    user: 'Your Nextcloud user name',
    help: "The address is your Nextcloud's, followed by /remote.php/dav (e.g. https://cloud.example.com/remote.php/dav). With two-factor sign-in, make an app password: Settings → Security → Devices & sessions.",
  },
  other: {
    label: 'Another CalDAV server',
    url: 'https://',
    user: 'User name',
    help: "The server's CalDAV address, as your provider gives it (Radicale, Baïkal, SOGo, Zimbra…).",
  },
} as const;
type Preset = keyof typeof presets;

/**
 * Connecting a CalDAV account. The server checks the password before keeping anything; what was typed stays in
 * the form when it fails, with the reason beside the field it concerns.
 */
function CaldavForm({ onConnected }: { onConnected: (message: string, id: number) => void }) {
  const [preset, setPreset] = useState<Preset>('icloud');
  const [serverUrl, setServerUrl] = useState<string>(presets.icloud.url);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const choose = (next: Preset) => {
    // Keep an address the person typed; replace only a preset's own.
    if (Object.values(presets).some((p) => p.url === serverUrl) || !serverUrl.trim()) setServerUrl(presets[next].url);
    setPreset(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!/^https?:\/\/[^/]+/.test(serverUrl.trim()))
      missing.server_url = "Type the server's address (it starts with https://).";
    if (!username.trim()) missing.username = 'Type your user name.';
    if (!password) missing.password = 'Type the password (an app-specific one for iCloud and Fastmail).';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    const result = await api.connectCaldav({ server_url: serverUrl.trim(), username: username.trim(), password });
    setBusy(false);
    if (!result.ok) {
      const fields = result.error instanceof ValidationError ? result.error.fieldErrors : {};
      const first = (name: string) => fields[name]?.[0];
      const known = first('password') ?? first('server_url') ?? first('username');
      setErrors({
        ...(first('server_url') ? { server_url: first('server_url') } : {}),
        ...(first('username') ? { username: first('username') } : {}),
        ...(first('password') ? { password: first('password') } : {}),
        ...(known ? {} : { form: result.error.message }),
      });
      return;
    }
    setPassword('');
    const calendars = result.data.calendars ?? [];
    onConnected(
      `Connected ${result.data.name}: ${calendars.length} ${calendars.length === 1 ? 'calendar' : 'calendars'}. Their events are being fetched now.`,
      result.data.id,
    );
  };
  return (
    <form
      className="lb-stack"
      onSubmit={(event) => void submit(event)}
      aria-label="Connect a CalDAV account"
      noValidate
    >
      <Select
        label="Service"
        value={preset}
        onChange={(e) => choose(e.target.value as Preset)}
        options={Object.entries(presets).map(([value, p]) => ({ value, label: p.label }))}
        hint={presets[preset].help}
      />
      <TextField
        label="Server address"
        type="url"
        inputMode="url"
        value={serverUrl}
        onChange={(e) => setServerUrl(e.target.value)}
        error={errors.server_url}
        autoComplete="url"
      />
      <TextField
        label="User name"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
        placeholder={presets[preset].user}
        autoComplete="username"
      />
      <TextField
        label="Password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        autoComplete="current-password"
        hint="Kept encrypted on the Lifeboard server, used only to sync your calendars."
      />
      <div>
        <Button type="submit" variant="primary" busy={busy}>
          Connect
        </Button>
      </div>
      {errors.form ? <p role="alert">{errors.form}</p> : null}
    </form>
  );
}

/** "Synced 2 minutes ago", or why not. */
function syncState(connection: api.CalendarConnection, syncing: boolean): string {
  if (syncing) return 'Syncing now…';
  if (!connection.last_synced_at) return 'The first sync is on its way.';
  const when = formatTimeAgo(connection.last_synced_at);
  return connection.last_error ? `Last sync failed ${when}.` : `Synced ${when}.`;
}

/** One CalDAV account: what is connected, its last sync in words, its calendars to choose from. */
function CaldavAccount({
  connection,
  syncing,
  onSync,
  onRemove,
  onMessage,
}: {
  connection: api.CalendarConnection;
  syncing: boolean;
  onSync: () => void;
  onRemove: () => void;
  onMessage: (message: string) => void;
}) {
  const calendars = connection.calendars ?? [];
  const [chosen, setChosen] = useState<number[]>(() => calendars.filter((c) => c.selected).map((c) => c.id));
  const [saving, setSaving] = useState(false);
  const stored = calendars
    .filter((c) => c.selected)
    .map((c) => c.id)
    .sort()
    .join(',');
  useEffect(() => {
    setChosen(stored ? stored.split(',').map(Number) : []);
  }, [stored]);
  const changed = [...chosen].sort().join(',') !== stored;
  const save = async () => {
    setSaving(true);
    const result = await api.chooseCaldavCalendars(connection.id, chosen);
    setSaving(false);
    if (!result.ok) return onMessage(`Could not change the calendars: ${result.error.message}`);
    onMessage(`Saved: ${chosen.length} of ${calendars.length} calendars of ${connection.name} are synced.`);
    onSync();
  };
  const host = (() => {
    try {
      return new URL(connection.url).hostname;
    } catch {
      return connection.url;
    }
  })();
  return (
    <li className="lb-stack" aria-label={connection.name}>
      <div>
        <strong>{connection.name}</strong> ·{' '}
        {connection.provider === 'google'
          ? `two-way sync with Google as ${connection.username ?? ''}`
          : `two-way sync with ${host} as ${connection.username ?? ''}`}
        {' · '}
        {connection.event_count} {connection.event_count === 1 ? 'event' : 'events'} · {syncState(connection, syncing)}
      </div>
      {connection.last_error ? <p role="alert">{connection.last_error}</p> : null}
      <fieldset className="lb-fieldset">
        <legend className="lb-field__label">Calendars to sync</legend>
        {calendars.map((calendar) => (
          <Checkbox
            key={calendar.id}
            checked={chosen.includes(calendar.id)}
            label={
              <span>
                {calendar.color ? <span className="lb-calendar-swatch" style={{ background: calendar.color }} /> : null}
                {calendar.name}
                {calendar.selected
                  ? ` (${calendar.event_count} ${calendar.event_count === 1 ? 'event' : 'events'})`
                  : ''}
              </span>
            }
            onChange={(e) =>
              setChosen(e.target.checked ? [...chosen, calendar.id] : chosen.filter((id) => id !== calendar.id))
            }
          />
        ))}
      </fieldset>
      <span className="lb-row">
        {changed ? (
          <Button size="small" variant="primary" busy={saving} onClick={() => void save()}>
            Save the choice
          </Button>
        ) : null}
        <Button size="small" busy={syncing} onClick={onSync}>
          Sync now
        </Button>
        <Button size="small" variant="danger" onClick={onRemove}>
          Disconnect
        </Button>
      </span>
    </li>
  );
}

/** Whether this server can keep CalDAV passwords; when not, what whoever runs it sets. */
function useProviders() {
  const [providers, setProviders] = useState<api.CalendarProviders | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void api.fetchCalendarProviders().then((result) => {
      if (!live) return;
      if (result.ok) setProviders(result.data);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return { providers, failed };
}

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
    if (!url.trim()) return setError("Paste the calendar's address (it starts with https:// or webcal://).");
    setBusy(true);
    const result = await api.subscribeToCalendar(url.trim(), name.trim());
    setBusy(false);
    if (!result.ok) return setError(result.error.message);
    setUrl('');
    setName('');
    setDone(
      `Subscribed to "${result.data.name}": ${result.data.event_count} ${result.data.event_count === 1 ? 'event' : 'events'}. They are on your calendar now.`,
    );
    void loadCalendarConnections();
  };
  return (
    <form className="lb-stack" onSubmit={(event) => void submit(event)} aria-label="Subscribe to a calendar" noValidate>
      <TextField
        label="Calendar address (iCal)"
        type="url"
        inputMode="url"
        placeholder="https://… or webcal://…"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={error ?? undefined}
        hint="Google Calendar: Settings → your calendar → Integrate calendar → Secret address in iCal format. Outlook: Settings → Calendar → Shared calendars → Publish a calendar → ICS link. Apple: Share → Public calendar."
      />
      <TextField label="Name (optional)" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      <div>
        <Button type="submit" variant="primary" busy={busy}>
          Subscribe
        </Button>
      </div>
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
      <p>
        Show your Lifeboard events and planned activities (with their repeats) in Google Calendar, Apple Calendar or
        Outlook: subscribe there to this secret address. Anyone who has it can read your events.
      </p>
      {url ? (
        <TextField
          label="Your calendar's secret address"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : null}
      <div className="lb-row">
        {url ? null : <Button onClick={() => void show()}>Show my calendar address</Button>}
        {url ? (
          <Button variant="danger" onClick={() => void revoke()}>
            Turn this address off
          </Button>
        ) : null}
      </div>
      {message ? <p role="status">{message}</p> : null}
    </div>
  );
}

/** What the connections screen says when Google's consent page sends the person back (`?google=`). */
const googleOutcomes: Record<string, string> = {
  connected: 'Google Calendar is connected. Its events are being fetched now and appear on your calendar in a moment.',
  denied:
    "Google Calendar was not connected: access was not allowed on Google's page. To see its events here, connect again and choose “Allow”.",
  expired:
    'Google Calendar was not connected: the visit to Google took too long or did not start on this page. Press “Connect Google Calendar” again.',
  failed: 'Google Calendar could not be connected: Google did not confirm the access. Try again in a moment.',
  'no-calendars': 'Google Calendar was not connected: this Google account has no calendars.',
  'too-many': 'Google Calendar was not connected: 50 calendars are connected already. Disconnect one first.',
};

/**
 * Connecting Google Calendar: the button sends the browser to Google's consent page, which comes back here. When
 * the server has no OAuth client yet, the button says what is missing and who sets it.
 */
function GoogleCalendar({ providers, failed }: ReturnType<typeof useProviders>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (failed)
    return <p className="lb-muted">Whether Google Calendar can be connected could not be checked. Try again later.</p>;
  if (!providers) return <p className="lb-muted">Checking…</p>;
  const { configured, missing } = providers.google;
  const connect = async () => {
    setBusy(true);
    setError(null);
    const result = await api.startGoogleConnect();
    if (!result.ok) {
      setBusy(false);
      return setError(`Could not start connecting Google Calendar: ${result.error.message}`);
    }
    window.location.assign(result.data);
  };
  return (
    <div className="lb-stack">
      <div>
        <Button
          variant={configured ? 'primary' : undefined}
          disabled={!configured}
          busy={busy}
          aria-describedby="google-calendar-why"
          onClick={() => void connect()}
        >
          Connect Google Calendar
        </Button>
      </div>
      <p id="google-calendar-why">
        {configured
          ? 'Google asks you which account to use and whether Lifeboard may see and change your calendars’ events. Its events then show on your Lifeboard calendar, and events you add, move, rename or delete here on a Google calendar are changed in Google too.'
          : `Not set up on this Lifeboard server: whoever runs it sets ${missing.join(' and ')} (an OAuth client of type "Web application" from Google Cloud Console → APIs & Services → Credentials; CALENDAR_CREDENTIALS_KEY keeps the access encrypted) and restarts the API. Until then, subscribe to your Google calendar's secret iCal address above.`}
      </p>
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}

/** How long "Sync now" waits for the queued sync to finish before saying it is still running. */
const SYNC_WAIT_MS = 30_000;

/** `/calendar/connections`: connected calendars (CalDAV accounts and subscriptions), connecting one, and the private feed. */
export function ConnectionsPage() {
  const connections = useStore($calendarConnections);
  const setup = useProviders();
  const [message, setMessage] = useState<string | null>(null);
  const [syncing, setSyncing] = useState<number[]>([]);
  const [leaving, setLeaving] = useState<api.CalendarConnection | null>(null);
  const [params, setParams] = useSearchParams();
  const outcome = params.get('google');
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    void loadCalendarConnections();
    return () => {
      live.current = false;
    };
  }, []);

  /** Waits for a queued CalDAV sync: the list is read again until the account's last sync changes. */
  const waitForSync = async (id: number, since: string | null) => {
    setSyncing((ids) => [...ids, id]);
    const deadline = Date.now() + SYNC_WAIT_MS;
    let done = false;
    while (live.current && Date.now() < deadline && !done) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await loadCalendarConnections();
      const now = $calendarConnections.get().find((c) => c.id === id);
      done = !now || (now.last_synced_at !== null && now.last_synced_at !== since);
    }
    if (!live.current) return;
    setSyncing((ids) => ids.filter((other) => other !== id));
    if (!done) setMessage('The sync is taking longer than usual; it goes on in the background.');
  };
  const refresh = async (connection: api.CalendarConnection) => {
    const result = await api.refreshCalendarConnection(connection.id);
    if (!result.ok) return setMessage(result.error.message);
    if (connection.provider !== 'ics') {
      setMessage(null);
      void waitForSync(connection.id, connection.last_synced_at);
      return;
    }
    setMessage(
      result.data.last_error
        ? `Could not refresh "${result.data.name}": ${result.data.last_error}`
        : `"${result.data.name}" is up to date.`,
    );
    void loadCalendarConnections();
  };
  const remove = async (id: number, name: string) => {
    const result = await api.deleteCalendarConnection(id);
    setMessage(result.ok ? `"${name}" is disconnected; its events are gone from your calendar.` : result.error.message);
    void loadCalendarConnections();
  };
  // Back from Google's consent page: say how it went (once), and follow the new account's first sync.
  useEffect(() => {
    if (!outcome) return;
    setMessage(googleOutcomes[outcome] ?? googleOutcomes.failed);
    setParams({}, { replace: true });
    if (outcome !== 'connected') return;
    void loadCalendarConnections().then(() => {
      const fresh = $calendarConnections.get().find((c) => c.provider === 'google' && !c.last_synced_at);
      if (fresh) void waitForSync(fresh.id, null);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return from Google
  }, [outcome]);
  const disconnectGoogle = async (connection: api.CalendarConnection) => {
    setLeaving(null);
    const result = await api.disconnectGoogle(connection.id);
    setMessage(
      result.ok
        ? `${connection.name} is disconnected: Lifeboard no longer has access to it, and its events are gone from your calendar.`
        : result.error.message,
    );
    void loadCalendarConnections();
  };
  const accounts = connections.filter((c) => c.provider === 'caldav');
  const googleAccounts = connections.filter((c) => c.provider === 'google');
  const subscriptions = connections.filter((c) => c.provider === 'ics');
  const caldav = setup.providers?.caldav;
  return (
    <section className="lb-stack">
      <PageHeader
        title="Connect a calendar"
        description="See the calendars you already use beside your plans, and your plans in them."
        actions={<Link to="/calendar">Back to the calendar</Link>}
      />
      {message ? <p role="status">{message}</p> : null}
      <Panel title="Two-way sync (CalDAV)">
        <p>
          Connect iCloud, Fastmail, Nextcloud or any CalDAV calendar: its events show on your Lifeboard calendar, and
          events you add, move or delete here on it are changed there too. Connected calendars are synced every 30
          minutes, or when you press “Sync now”.
        </p>
        {accounts.length ? (
          <ul className="lb-stack" aria-label="Connected accounts">
            {accounts.map((c) => (
              <CaldavAccount
                key={c.id}
                connection={c}
                syncing={syncing.includes(c.id)}
                onSync={() => void refresh(c)}
                onRemove={() => void remove(c.id, c.name)}
                onMessage={setMessage}
              />
            ))}
          </ul>
        ) : null}
        {setup.failed ? (
          <p className="lb-muted">Whether CalDAV can be connected could not be checked. Try again later.</p>
        ) : null}
        {!setup.failed && !caldav ? <p className="lb-muted">Checking…</p> : null}
        {caldav && !caldav.configured ? (
          <p>
            Not set up on this Lifeboard server: whoever runs it sets {caldav.missing.join(' and ')} (32 random bytes,
            e.g. from <code>openssl rand -base64 32</code>; it keeps calendar passwords encrypted) and restarts the API.
          </p>
        ) : null}
        {caldav?.configured ? (
          <CaldavForm
            onConnected={(text, id) => {
              setMessage(text);
              void loadCalendarConnections().then(() => waitForSync(id, null));
            }}
          />
        ) : null}
      </Panel>
      <Panel title="Your subscribed calendars">
        {subscriptions.length ? (
          <ul className="lb-stack">
            {subscriptions.map((c) => (
              <li key={c.id}>
                <strong>{c.name}</strong> · {c.event_count} {c.event_count === 1 ? 'event' : 'events'}
                {c.last_synced_at ? ` · checked ${formatTimeAgo(c.last_synced_at)}` : ''}
                {c.last_error ? <span className="lb-muted"> · last check failed: {c.last_error}</span> : null}
                <span className="lb-row">
                  <Button size="small" onClick={() => void refresh(c)}>
                    Refresh now
                  </Button>
                  <Button size="small" variant="danger" onClick={() => void remove(c.id, c.name)}>
                    Disconnect
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="lb-muted">None yet. Subscribe below; calendars are checked for changes every 30 minutes.</p>
        )}
      </Panel>
      <Panel title="Subscribe to a calendar (read-only)">
        <SubscribeForm />
      </Panel>
      <Panel title="Your calendar in other apps">
        <PrivateFeed />
      </Panel>
      <Panel title="Google Calendar">
        {googleAccounts.length ? (
          <ul className="lb-stack" aria-label="Connected Google accounts">
            {googleAccounts.map((c) => (
              <CaldavAccount
                key={c.id}
                connection={c}
                syncing={syncing.includes(c.id)}
                onSync={() => void refresh(c)}
                onRemove={() => setLeaving(c)}
                onMessage={setMessage}
              />
            ))}
          </ul>
        ) : null}
        <GoogleCalendar {...setup} />
        <ConfirmDialog
          open={leaving !== null}
          title={`Disconnect ${leaving?.name ?? 'Google Calendar'}?`}
          confirmLabel="Disconnect"
          danger
          onConfirm={() => leaving && void disconnectGoogle(leaving)}
          onCancel={() => setLeaving(null)}
        >
          <p>
            Lifeboard gives up its access to this Google account, and the account&apos;s events leave your Lifeboard
            calendar. Nothing is deleted in Google Calendar.
          </p>
        </ConfirmDialog>
      </Panel>
    </section>
  );
}
