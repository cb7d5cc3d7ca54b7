import { useEffect, useState } from 'react';
import type { PushConfig, PushDevice } from '@lifeboard/shared/api/notifications';
import {
  fetchPushConfig,
  fetchPushDevices,
  removePushDevice,
  savePushDevice,
  sendTestPush,
} from '@lifeboard/shared/api/notifications';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { notify } from '@lifeboard/shared/stores/notifications';
import { failureMessage } from '../auth/form-parts';
import { LoadStatus } from './load-status';
import {
  browserName,
  currentEndpoint,
  PushBlockedError,
  pushSupported,
  rememberEndpoint,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './push-browser';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; config: PushConfig; devices: PushDevice[]; here: string | null };

/** `/devices`: the browsers that receive push notifications, turning it on here, and removing a device. */
export function PushDevices() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<number | 'here' | 'test' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function refresh() {
    const [config, devices, here] = await Promise.all([
      fetchPushConfig(),
      fetchPushDevices(),
      currentEndpoint().catch(() => null),
    ]);
    if (!config.ok) return setLoad({ state: 'error', message: failureMessage(config.error) });
    if (!devices.ok) return setLoad({ state: 'error', message: failureMessage(devices.error) });
    setLoad({ state: 'ready', config: config.data, devices: devices.data, here });
  }

  useEffect(() => {
    void refresh();
  }, []);

  async function handleTurnOn(publicKey: string) {
    setBusy('here');
    setProblem(null);
    try {
      const subscription = await subscribeThisBrowser(publicKey);
      const saved = await savePushDevice(subscription, browserName(navigator.userAgent));
      if (!saved.ok) {
        setProblem(`Push could not be turned on: ${failureMessage(saved.error)}`);
        return;
      }
      rememberEndpoint(subscription.endpoint);
      notify({ kind: 'success', message: 'Push notifications are on for this browser.' });
      await refresh();
    } catch (error) {
      setProblem(
        error instanceof PushBlockedError
          ? "Notifications are blocked for Lifeboard in this browser. Allow them in the browser's site settings, then try again."
          : `This browser could not subscribe to push notifications (${error instanceof Error ? error.message : String(error)}).`,
      );
    } finally {
      setBusy(null);
    }
  }

  async function handleRemove(device: PushDevice, isHere: boolean) {
    setBusy(device.id);
    const result = await removePushDevice(device.id);
    setBusy(null);
    if (!result.ok) {
      notify({ kind: 'error', message: `${device.name} could not be removed: ${failureMessage(result.error)}` });
      return;
    }
    if (isHere) {
      rememberEndpoint(null);
      await unsubscribeThisBrowser().catch(() => undefined);
    }
    setLoad((previous) =>
      previous.state === 'ready'
        ? {
            ...previous,
            devices: previous.devices.filter((d) => d.id !== device.id),
            here: isHere ? null : previous.here,
          }
        : previous,
    );
    notify({ kind: 'success', message: `${device.name} no longer gets push notifications.` });
  }

  async function handleTest() {
    setBusy('test');
    const result = await sendTestPush();
    setBusy(null);
    notify(
      result.ok
        ? {
            kind: 'success',
            message:
              result.data === 1
                ? 'A test notification is on its way to your device.'
                : `A test notification is on its way to your ${result.data} devices.`,
          }
        : { kind: 'error', message: `The test notification was not sent: ${failureMessage(result.error)}` },
    );
  }

  return (
    <section aria-labelledby="push-heading">
      <h2 id="push-heading">Push notifications</h2>
      <LoadStatus load={load} loading="Loading push notification settings…" onRetry={() => void refresh()} />
      {load.state === 'ready' && !load.config.configured ? (
        <p>
          Push notifications are not set up on this Lifeboard server, so reminders cannot reach your devices that way
          yet. Reminders by e-mail and in the bell at the top of the page work meanwhile. To set push up, whoever runs
          the server sets VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (a key pair comes from{' '}
          <code>npx web-push generate-vapid-keys</code>).
        </p>
      ) : null}
      {load.state === 'ready' && load.config.configured ? (
        <>
          <p className="lb-muted">
            Reminders set to “Push notification” arrive on every device listed here, with Done and Snooze 10 min
            buttons.
          </p>
          {!pushSupported() ? (
            <p>
              This browser cannot receive push notifications. Use a current Chrome, Edge, Firefox or Safari to turn them
              on.
            </p>
          ) : null}
          {pushSupported() && !load.devices.some((d) => d.endpoint === load.here) && load.config.public_key ? (
            <button
              className="lb-button"
              type="button"
              disabled={busy === 'here'}
              onClick={() => void handleTurnOn(load.config.public_key ?? '')}
            >
              Turn on push notifications in this browser
            </button>
          ) : null}
          {problem ? <p role="alert">{problem}</p> : null}
          {load.devices.length === 0 ? (
            <p>No device gets push notifications yet.</p>
          ) : (
            <>
              <ul className="lb-list" aria-label="Devices with push notifications">
                {load.devices.map((device) => {
                  const isHere = device.endpoint === load.here;
                  return (
                    <li key={device.id} className="lb-list-item">
                      <span>
                        {device.name}
                        {isHere ? <span className="lb-badge">this browser</span> : null}
                        <br />
                        <span className="lb-muted">
                          Turned on {formatDisplayDate(device.created_at)}
                          {device.last_sent_at
                            ? `; last notification ${formatDisplayDate(device.last_sent_at)}`
                            : '; no notification yet'}
                        </span>
                      </span>
                      <button
                        className="lb-button lb-button-quiet"
                        type="button"
                        disabled={busy === device.id}
                        onClick={() => void handleRemove(device, isHere)}
                      >
                        Remove
                      </button>
                    </li>
                  );
                })}
              </ul>
              <button
                className="lb-button lb-button-quiet"
                type="button"
                disabled={busy === 'test'}
                onClick={() => void handleTest()}
              >
                Send a test notification
              </button>
            </>
          )}
        </>
      ) : null}
    </section>
  );
}
