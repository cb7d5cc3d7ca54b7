import { useState } from 'react';
import { offlineUseOn } from '@lifeboard/shared/stores/offline';
import { notify } from '@lifeboard/shared/stores/notifications';
import { setOfflineUse } from '../../app/offline-start';

function offlineUseSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof caches !== 'undefined';
}

/**
 * `/devices`: offline use, this browser's owner's choice. Off by default: on, a copy of what the person opens (their
 * journal too) stays on the device, and a service worker stands between the page and the network.
 */
export function OfflineUse() {
  const [on, setOn] = useState(offlineUseOn);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function toggle(next: boolean) {
    setOn(next);
    setBusy(true);
    setProblem(null);
    try {
      await setOfflineUse(next);
      notify({
        kind: 'success',
        message: next
          ? 'Offline use is on in this browser. The screens you open from now on are kept here.'
          : 'Offline use is off in this browser. What was kept for it is deleted from this device.',
      });
    } catch (error) {
      setOn(!next);
      setProblem(
        `Offline use could not be turned ${next ? 'on' : 'off'}: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="offline-heading">
      <h2 id="offline-heading">Offline use</h2>
      {offlineUseSupported() ? (
        <>
          <div className="lb-check">
            <input
              id="offline-use"
              type="checkbox"
              checked={on}
              disabled={busy}
              onChange={(event) => void toggle(event.target.checked)}
            />
            <label htmlFor="offline-use">Open Lifeboard in this browser without a network</label>
          </div>
          <p className="lb-muted">
            {on
              ? 'On: this browser keeps Lifeboard and what each screen you open shows, so those screens open without a network, and what you change there is sent once you are back online. Turning it off deletes them from this device.'
              : 'Off: nothing you open is kept in this browser, so without a network Lifeboard does not open. Turn it on only on a device that is yours: what you open, your journal too, is then kept on it.'}
          </p>
        </>
      ) : (
        <p>This browser cannot keep Lifeboard for offline use. Use a current Chrome, Edge, Firefox or Safari.</p>
      )}
      {problem ? <p role="alert">{problem}</p> : null}
    </section>
  );
}
