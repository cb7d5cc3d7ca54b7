import { NavLink } from '@lifeboard/shared/lib/router';
import type { ReactNode } from 'react';
import { isPreloadable, preloadArea } from '../remotes/load-area';
import type { AreaName } from '../remotes/remotes';

/**
 * A navigation link; pointing at one that leads into an area starts loading that area's entry and first
 * screen's shared code (load-area.ts, `preloadArea`), except the admin area, whose files are fetched only when
 * an admin opens it.
 */
export function AreaLink({ to, area, children }: { to: string; area?: AreaName; children: ReactNode }) {
  const warm = area && isPreloadable(area) ? () => void preloadArea(area) : undefined;
  return (
    <NavLink
      to={to}
      onMouseEnter={warm}
      onFocus={warm}
      className={({ isActive }) => (isActive ? 'lb-nav__link is-active' : 'lb-nav__link')}
    >
      {children}
    </NavLink>
  );
}
