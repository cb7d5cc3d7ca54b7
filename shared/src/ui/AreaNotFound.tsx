import { useEffect, useState } from 'react';
import { Link, useLocation } from '../lib/router';
import { ErrorPanel } from './feedback';

/**
 * How long the panel waits. When the user leaves for another area, this area's router sees the new address a
 * moment before the shell unmounts it (the parcel's unmount is asynchronous): without the wait, every such
 * navigation would flash "Page not found". An address the area truly lacks (a shell newer than this remote)
 * shows the panel after the wait.
 */
export const notFoundGraceMs = 250;

export interface AreaNotFoundProps {
  /** The area's name as users see it ("Goals"). */
  area: string;
  /** Ways back into the area (and home), in order. */
  links: readonly { to: string; label: string }[];
}

/** What an area shows for an address it does not own: a clear panel with a way back, never a blank page. */
export function AreaNotFound({ area, links }: AreaNotFoundProps) {
  const { pathname } = useLocation();
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), notFoundGraceMs);
    return () => clearTimeout(timer);
  }, []);
  if (!isShown) return <section className="lb-stack" data-not-found="" aria-busy="true" />;
  return (
    <section className="lb-stack" data-not-found="">
      <ErrorPanel
        title="Page not found"
        message={
          <>
            There is no page at <code>{pathname}</code> in {area}.
          </>
        }
        code="LB-NOT-FOUND"
      />
      <p>
        {links.map((link, index) => (
          <span key={link.to}>
            {index > 0 ? ' · ' : null}
            <Link to={link.to}>{link.label}</Link>
          </span>
        ))}
      </p>
    </section>
  );
}
