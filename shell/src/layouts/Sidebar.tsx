import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Link, useLocation } from '@lifeboard/shared/lib/router';
import { $isAdmin, $isCreator } from '@lifeboard/shared/stores/session';
import { isPreloadable, preloadArea } from '../remotes/load-area';
import { findRoute } from '../routes/guard';
import { BoardSwitcher } from './BoardSwitcher';
import { currentItem, navSections } from './nav-sections';
import type { NavItem, NavSection } from './nav-sections';

/**
 * Pointing at a link into an area starts loading that area (load-area.ts); never the admin area's files. Looked up
 * when the pointer comes, not as the sidebar renders: each new path is matched against the whole route table.
 */
function warm(to: string): void {
  const area = findRoute(to)?.area;
  if (area && area !== 'shell' && isPreloadable(area)) void preloadArea(area);
}

function SidebarLink({ item, current }: { item: NavItem; current: boolean }) {
  return (
    <li>
      <Link
        to={item.to}
        className={current ? 'lb-side__link is-active' : 'lb-side__link'}
        aria-current={current ? 'page' : undefined}
        onMouseEnter={() => warm(item.to)}
        onFocus={() => warm(item.to)}
      >
        {item.label}
      </Link>
    </li>
  );
}

function Section({ section, current }: { section: NavSection; current: NavItem | null }) {
  const inMore = current !== null && section.more.includes(current);
  const [open, setOpen] = useState(inMore);
  const showMore = open || inMore;
  const headingId = `lb-side-${section.id}`;
  const moreId = `lb-side-${section.id}-more`;
  return (
    <section className="lb-side__section" aria-labelledby={headingId}>
      <h2 className="lb-side__heading" id={headingId}>
        {section.label}
      </h2>
      <ul className="lb-side__list">
        {section.main.map((item) => (
          <SidebarLink key={item.to} item={item} current={item === current} />
        ))}
      </ul>
      {section.more.length > 0 ? (
        <>
          {showMore ? (
            <ul className="lb-side__list" id={moreId}>
              {section.more.map((item) => (
                <SidebarLink key={item.to} item={item} current={item === current} />
              ))}
            </ul>
          ) : null}
          {inMore ? null : (
            <button
              type="button"
              className="lb-side__more"
              aria-expanded={showMore}
              aria-controls={showMore ? moreId : undefined}
              onClick={() => setOpen(!open)}
            >
              {showMore ? 'Fewer' : `More in ${section.label}`}
            </button>
          )}
        </>
      ) : null}
    </section>
  );
}

/**
 * The signed-in navigation: the board switcher, then every section with the current place marked. On a phone it is
 * a drawer the header's menu button opens (UserLayout), closed again by a choice or by Escape.
 */
export function Sidebar({ id, open }: { id: string; open: boolean }) {
  const { pathname } = useLocation();
  const isAdmin = useStore($isAdmin);
  const isCreator = useStore($isCreator);
  const current = currentItem(pathname);
  const sections = navSections.filter((section) => !section.only || (section.only === 'admin' ? isAdmin : isCreator));
  return (
    <aside className={open ? 'lb-side is-open' : 'lb-side'} id={id}>
      <BoardSwitcher />
      <nav aria-label="Main" className="lb-side__nav">
        {sections.map((section) => (
          <Section key={section.id} section={section} current={current} />
        ))}
      </nav>
    </aside>
  );
}
