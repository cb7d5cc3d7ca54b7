import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $notifications, dismiss } from '../stores/notifications';
import type { Notification } from '../stores/notifications';
import { Button } from './Button';
import './tokens.css';
import './notifications.css';

/** How long a toast stays on screen: long enough to read, and to use its action (Undo) when it has one. */
export function lifetimeMs(item: Notification): number {
  if (item.action) return 10_000;
  return item.kind === 'error' ? 10_000 : 5_000;
}

/** After a pause (pointer or focus left), a toast stays at least this long, so it never vanishes under the pointer. */
const afterPauseMs = 2_000;

/** One toast: it closes by itself, and waits while the pointer is over it or focus is inside it. */
function Toast({ item }: { item: Notification }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(lifetimeMs(item));
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return undefined;
    const started = Date.now();
    const timer = setTimeout(() => dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(afterPauseMs, remaining.current - (Date.now() - started));
    };
  }, [item.id, paused]);

  return (
    <div
      className={`lb-toast lb-toast--${item.kind}`}
      role={item.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <span className="lb-toast__message">{item.message}</span>
      {item.action ? (
        <Button
          size="small"
          variant="primary"
          onClick={() => {
            dismiss(item.id);
            void item.action?.run();
          }}
        >
          {item.action.label}
        </Button>
      ) : null}
      <Button size="small" variant="ghost" aria-label="Dismiss notification" onClick={() => dismiss(item.id)}>
        ×
      </Button>
    </div>
  );
}

/**
 * The app's one toast component (spec §8's alerts, undo offers): `$notifications` in a polite live region,
 * errors as alerts. The shell renders it in every layout.
 */
export function Notifications() {
  const items = useStore($notifications);
  return (
    <div className="lb-toasts" aria-live="polite" aria-relevant="additions">
      {items.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </div>
  );
}
