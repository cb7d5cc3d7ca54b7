import { useEffect, useState } from 'react';
import type { AppNotification } from '@lifeboard/shared/api/notifications';
import { actOnNotification, fetchNotifications, markNotificationsRead } from '@lifeboard/shared/api/notifications';
import { notify } from '@lifeboard/shared/stores/notifications';
import '../pages/auth/forms.css';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; items: AppNotification[] };

const failed = (what: string) => `${what} did not work. Check your connection and try again.`;

/** The bell's list: newest first, unread marked, with Done / Snooze 10 min on reminders not yet acted on. */
export default function NotificationPanel({ onUnreadChange }: { onUnreadChange: (unread: number) => void }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<number | 'all' | null>(null);

  async function refresh() {
    const result = await fetchNotifications();
    if (!result.ok) {
      setLoad({ state: 'failed', message: failed('Loading your notifications') });
      return;
    }
    setLoad({ state: 'ready', items: result.data.notifications });
    onUnreadChange(result.data.unread);
  }

  useEffect(() => {
    void refresh();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  function replace(item: AppNotification) {
    setLoad((previous) =>
      previous.state === 'ready'
        ? { state: 'ready', items: previous.items.map((i) => (i.id === item.id ? item : i)) }
        : previous,
    );
  }

  async function handleRead(ids?: number[]) {
    setBusy(ids ? ids[0] : 'all');
    const result = await markNotificationsRead(ids);
    setBusy(null);
    if (!result.ok) {
      notify({ kind: 'error', message: failed('Marking it read') });
      return;
    }
    onUnreadChange(result.data);
    setLoad((previous) =>
      previous.state === 'ready'
        ? { state: 'ready', items: previous.items.map((i) => (!ids || ids.includes(i.id) ? { ...i, read: true } : i)) }
        : previous,
    );
  }

  async function handleAct(item: AppNotification, action: 'done' | 'snooze') {
    setBusy(item.id);
    const result = await actOnNotification(item.id, action);
    setBusy(null);
    if (!result.ok) {
      notify({
        kind: 'error',
        message:
          result.status === 422 ? result.error.message : failed(action === 'done' ? 'Marking it done' : 'Snoozing it'),
      });
      void refresh();
      return;
    }
    replace(result.data.notification);
    notify({ kind: 'success', message: result.data.message });
    if (!item.read) {
      const left = await markNotificationsRead([item.id]);
      if (left.ok) onUnreadChange(left.data);
    }
  }

  if (load.state === 'loading')
    return (
      <p role="status" className="lb-bell__note">
        Loading notifications…
      </p>
    );
  if (load.state === 'failed') {
    return (
      <div role="alert" className="lb-bell__note">
        <p>{load.message}</p>
        <button type="button" className="lb-button" onClick={() => void refresh()}>
          Try again
        </button>
      </div>
    );
  }
  const hasUnread = load.items.some((item) => !item.read);
  return (
    <>
      <div className="lb-bell__head">
        <h2 className="lb-bell__title">Notifications</h2>
        {hasUnread ? (
          <button type="button" className="lb-bell__link" disabled={busy === 'all'} onClick={() => void handleRead()}>
            Mark all read
          </button>
        ) : null}
      </div>
      {load.items.length === 0 ? (
        <p className="lb-bell__note">Nothing yet. Reminders set to “In Lifeboard” show up here.</p>
      ) : (
        <ul className="lb-bell__list" aria-label="Notifications">
          {load.items.map((item) => (
            <li key={item.id} className={item.read ? 'lb-bell__item' : 'lb-bell__item is-unread'}>
              <strong>{item.title}</strong>
              {item.read ? null : <span className="lb-bell__sr"> (unread)</span>}
              <span className="lb-bell__body">{item.body}</span>
              <span className="lb-bell__actions">
                {item.actionable ? (
                  <>
                    <button
                      type="button"
                      className="lb-button"
                      disabled={busy === item.id}
                      onClick={() => void handleAct(item, 'done')}
                    >
                      Done
                    </button>
                    <button
                      type="button"
                      className="lb-button lb-button-quiet"
                      disabled={busy === item.id}
                      onClick={() => void handleAct(item, 'snooze')}
                    >
                      Snooze 10 min
                    </button>
                  </>
                ) : null}
                {item.read ? null : (
                  <button
                    type="button"
                    className="lb-bell__link"
                    disabled={busy === item.id}
                    onClick={() => void handleRead([item.id])}
                  >
                    Mark read
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
