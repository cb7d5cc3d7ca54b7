import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $notifications, dismiss } from '../stores/notifications';
import type { Notification } from '../stores/notifications';
import { Button } from './Button';
import './tokens.css';
import './notifications.css';

/** How long a notification stays: errors until dismissed; one with an action (Undo) long enough to use it. */
export function lifetimeMs(item: Notification): number | null {
  if (item.kind === 'error') return null;
  return item.action ? 10_000 : 5_000;
}

function Toast({ item }: { item: Notification }) {
  useEffect(() => {
    const ms = lifetimeMs(item);
    if (ms === null) return undefined;
    const timer = setTimeout(() => dismiss(item.id), ms);
    return () => clearTimeout(timer);
  }, [item]);
  return (
    <div className={`lb-toast lb-toast--${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
      <span className="lb-toast__message">{item.message}</span>
      {item.action ? (
        <Button size="small" variant="primary" onClick={() => { dismiss(item.id); void item.action?.run(); }}>
          {item.action.label}
        </Button>
      ) : null}
      <Button size="small" variant="ghost" aria-label="Dismiss notification" onClick={() => dismiss(item.id)}>×</Button>
    </div>
  );
}

/** Renders `$notifications` (the spec's alerts, undo offers) in a polite live region. */
export function Notifications() {
  const items = useStore($notifications);
  return (
    <div className="lb-toasts" aria-live="polite" aria-relevant="additions">
      {items.map((item) => <Toast key={item.id} item={item} />)}
    </div>
  );
}
