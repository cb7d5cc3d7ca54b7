import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation } from '@lifeboard/shared/lib/router';
import '@lifeboard/shared/stores/theme';
import { AccountMenu } from './AccountMenu';
import { NotificationBell } from './NotificationBell';
import { Sidebar } from './Sidebar';
import { isPaletteShortcut } from './palette-shortcut';
import '@lifeboard/shared/ui/tokens.css';
import './layouts.css';

// Fetched on the first Ctrl/⌘-K or click on Search: it adds nothing to a page's first load.
const CommandPalette = lazy(() => import('../palette/CommandPalette'));

const sidebarId = 'lb-sidebar';

/** The signed-in layout: a skip link, the header (menu, search, notifications, account), the sidebar and the page. */
export function UserLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // A choice in the phone's menu takes the person there and closes it.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (isPaletteShortcut(event)) {
        event.preventDefault();
        setPaletteOpen(true);
        return;
      }
      if (event.key === 'Escape' && menuOpen) {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="lb-layout lb-layout--user">
      <a className="lb-skip-link" href="#main">
        Skip to content
      </a>
      <header className="lb-header lb-header--user">
        <button
          ref={menuButton}
          type="button"
          className="lb-icon-button lb-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={sidebarId}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="lb-visually-hidden">Menu</span>
        </button>
        <Link to="/home" className="lb-brand">
          Lifeboard
        </Link>
        <button
          type="button"
          className="lb-search-button"
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => setPaletteOpen(true)}
        >
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
            <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M11 11l3.5 3.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <span className="lb-search-button__label">Search</span>
          <kbd className="lb-search-button__keys" aria-hidden="true">
            Ctrl K
          </kbd>
        </button>
        <NotificationBell />
        <AccountMenu />
      </header>
      <div className="lb-body">
        <Sidebar id={sidebarId} open={menuOpen} />
        {menuOpen ? (
          <button
            type="button"
            className="lb-side__backdrop"
            tabIndex={-1}
            aria-hidden="true"
            onClick={() => setMenuOpen(false)}
          />
        ) : null}
        <main className="lb-main" id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
      {/* Mounted afresh each time it opens: what was typed last time is gone before the first key of this time. */}
      {paletteOpen ? (
        <Suspense fallback={null}>
          <CommandPalette onClose={() => setPaletteOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
