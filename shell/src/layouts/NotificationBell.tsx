import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from '@lifeboard/shared/lib/router';
import { firstScreenIn } from '../app/first-screen';

// The list and its actions load on the first click: the header itself only asks for the count.
const NotificationPanel = lazy(() => import('./NotificationPanel'));

/** How often the count is asked for while the page is open (and again whenever the window gets focus). */
export const UNREAD_POLL_MS = 60_000;

/** The bell in the header: the unread count, and the notifications list when opened. */
export function NotificationBell() {
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  const refresh = useCallback(async () => {
    const { fetchUnreadCount } = await import('@lifeboard/shared/api/notifications');
    const result = await fetchUnreadCount();
    if (result.ok) setUnread(result.data);
  }, []);

  useEffect(() => {
    let mounted = true;
    // The count once the page's first screen is in: on a first load it does not compete with that screen's data.
    void firstScreenIn.then(() => {
      if (mounted) void refresh();
    });
    const timer = setInterval(() => void refresh(), UNREAD_POLL_MS);
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => {
      mounted = false;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh]);

  // Another page closes it; so do Escape and a click elsewhere.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <div className="lb-bell" ref={root}>
      <button
        type="button"
        className="lb-bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls="lb-bell-panel"
        onClick={() => setOpen(!open)}
      >
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {unread > 0 ? (
          <span className="lb-bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id="lb-bell-panel" className="lb-bell__panel" role="region" aria-label="Notifications">
          <Suspense
            fallback={
              <p role="status" className="lb-bell__note">
                Loading notifications…
              </p>
            }
          >
            <NotificationPanel onUnreadChange={setUnread} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
