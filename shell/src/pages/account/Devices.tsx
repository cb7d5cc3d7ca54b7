import { useEffect, useState } from 'react';
import type { Device } from '@lifeboard/shared/api/account';
import { fetchDevices, revokeDevice } from '@lifeboard/shared/api/account';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Link } from '@lifeboard/shared/lib/router';
import { failureMessage } from '../auth/form-parts';
import { LoadStatus } from './load-status';
import { OfflineUse } from './offline-use';
import { PushDevices } from './push-devices';
import '../auth/forms.css';
import './account.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; devices: Device[] };

/**
 * `/devices`: where the account is signed in (this browser is marked, the others can be signed out), offline use in
 * this browser, and push notifications.
 */
export default function Devices() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<number | null>(null);

  async function refresh() {
    const result = await fetchDevices();
    setLoad(
      result.ok ? { state: 'ready', devices: result.data } : { state: 'error', message: failureMessage(result.error) },
    );
  }

  useEffect(() => {
    void refresh();
  }, []);

  async function revoke(device: Device) {
    setBusy(device.id);
    const result = await revokeDevice(device.id);
    setBusy(null);
    if (!result.ok) {
      notify({ kind: 'error', message: `${device.name} could not be signed out: ${failureMessage(result.error)}` });
      return;
    }
    setLoad((previous) =>
      previous.state === 'ready'
        ? { state: 'ready', devices: previous.devices.filter((d) => d.id !== device.id) }
        : previous,
    );
    notify({ kind: 'success', message: `${device.name} is signed out.` });
  }

  return (
    <div className="lb-page">
      <h1>Devices</h1>
      <p className="lb-muted">The browsers and apps signed in to your account. Sign out any you do not recognise.</p>
      <LoadStatus load={load} loading="Loading devices…" onRetry={() => void refresh()} />
      {load.state === 'ready' ? (
        <ul className="lb-list">
          {load.devices.map((device) => (
            <li key={device.id} className="lb-list-item">
              <span>
                {device.name || 'Unnamed device'}
                {device.current ? <span className="lb-badge">this device</span> : null}
                <br />
                <span className="lb-muted">
                  {device.last_used_at ? `Last used ${formatDisplayDate(device.last_used_at)}` : 'Not used yet'}
                </span>
              </span>
              {device.current ? (
                <Link to="/security">Sign out here</Link>
              ) : (
                <button
                  className="lb-button lb-button-quiet"
                  type="button"
                  disabled={busy === device.id}
                  onClick={() => void revoke(device)}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <OfflineUse />
      <PushDevices />
    </div>
  );
}
