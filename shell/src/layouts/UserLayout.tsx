import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from '@lifeboard/shared/lib/router';
import { $isAdmin, $isCreator, $session } from '@lifeboard/shared/stores/session';
import { areaNames, areas } from '../remotes/remotes';
import { AreaLink } from './AreaLink';
import { BoardSwitcher } from './BoardSwitcher';
import { NotificationBell } from './NotificationBell';
import './layouts.css';

const shellLinks = [
  ['/home', 'Home'],
  ['/boards', 'Boards'],
  ['/categories', 'Categories'],
  ['/data', 'Data'],
] as const;

/** A creator's tools (mf-creator's pages), grouped so they can be found. */
const creatorLinks = [
  ['/creator-programs', 'Programs'],
  ['/chapters', 'Chapters'],
  ['/creator-transactions', 'Transactions'],
  ['/creator-payments', 'Payments'],
  ['/creator-coupons', 'Coupons'],
  ['/creator-earning-rates', 'Earning rates'],
  ['/myauthors', 'Authors'],
] as const;

/** The signed-in layout: every area in the navigation, the board switcher, notifications. */
export function UserLayout({ children }: { children: ReactNode }) {
  const session = useStore($session);
  const isAdmin = useStore($isAdmin);
  const isCreator = useStore($isCreator);
  const navigate = useNavigate();
  const visibleAreas = areaNames.filter((name) => isAdmin || !areas[name].adminOnly);

  async function handleSignOut() {
    const { logout } = await import('../auth/session-actions');
    await logout();
    void navigate('/login');
  }

  return (
    <div className="lb-layout lb-layout--user">
      <header className="lb-header">
        <Link to="/home" className="lb-brand">
          Lifeboard
        </Link>
        <BoardSwitcher />
        <NotificationBell />
        <span className="lb-header__user">{session.user?.name ?? session.user?.email}</span>
        <Link to="/account" className="lb-nav__link">
          Account
        </Link>
        <button type="button" onClick={() => void handleSignOut()}>
          Sign out
        </button>
      </header>
      <nav className="lb-nav" aria-label="Main">
        {shellLinks.map(([to, label]) => (
          <AreaLink key={to} to={to}>
            {label}
          </AreaLink>
        ))}
        {visibleAreas.map((name) => (
          <AreaLink key={name} to={areas[name].home} area={name}>
            {areas[name].label}
          </AreaLink>
        ))}
      </nav>
      {isCreator ? (
        <nav className="lb-nav lb-nav--section" aria-label="Creator">
          <span className="lb-nav__heading">Creator</span>
          {creatorLinks.map(([to, label]) => (
            <AreaLink key={to} to={to} area="mf_creator">
              {label}
            </AreaLink>
          ))}
        </nav>
      ) : null}
      <main className="lb-main" id="main">
        {children}
      </main>
    </div>
  );
}
