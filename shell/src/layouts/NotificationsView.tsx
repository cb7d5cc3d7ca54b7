import { useStore } from '@nanostores/react';
import { $notifications, dismiss } from '@lifeboard/shared/stores/notifications';

/** The app's own alerts (spec §8's alerts land here, never `window.alert`). */
export function NotificationsView() {
  const notifications = useStore($notifications);
  return (
    <div className="lb-notifications" aria-live="polite">
      {notifications.map((item) => (
        <div key={item.id} className={`lb-notification lb-notification--${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
          <span>{item.message}</span>
          {item.action ? (
            <button type="button" onClick={() => { dismiss(item.id); void item.action?.run(); }}>{item.action.label}</button>
          ) : null}
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(item.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
