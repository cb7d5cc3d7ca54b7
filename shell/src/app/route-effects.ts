import { useEffect } from 'react';

/** Every navigation sets the page title and scrolls to the top (spec §2), back/forward included. */
export function useRouteEffects(pathname: string, title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
}
