import { useStore } from '@nanostores/react';
import { Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from '@lifeboard/shared/lib/router';
import { $isAdmin, $isSignedIn } from '@lifeboard/shared/stores/session';
import { lazyScreen } from '@lifeboard/shared/lib/lazy-screen';
import { PublicLayout } from '../layouts/PublicLayout';
import { AreaOutlet } from '../remotes/AreaOutlet';
import { guard } from '../routes/guard';
import { documentTitle, productName } from '../routes/route-table';
import type { Layout, RouteEntry } from '../routes/route-table';
import { pageComponent } from './pages';
import { askedPage } from '../pages/auth/after-sign-in';
import NotAllowed from '../pages/errors/NotAllowed';
import NotFound from '../pages/errors/NotFound';
import { PageLoading } from './status-pages';

function ShellPage({ entry }: { entry: RouteEntry }) {
  const Page = entry.page ? pageComponent(entry.page) : null;
  if (!Page) return <PageLoading />;
  // The page reads its params through React Router, so it renders under its own route pattern.
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path={entry.path} element={<Page />} />
      </Routes>
    </Suspense>
  );
}

/**
 * The signed-in layouts (the sidebar, the menus, the palette) load with the first page that shows one, so a
 * signed-out first load (/login) goes without them; the start-up asks for the visited page's (bootstrap.tsx).
 */
export const signedInLayouts = {
  user: lazyScreen(() => import('../layouts/UserLayout').then((module) => module.UserLayout)),
  admin: lazyScreen(() => import('../layouts/AdminLayout').then((module) => module.AdminLayout)),
};

function LayoutFrame({ layout, children }: { layout: Layout; children: ReactNode }) {
  if (layout !== 'user' && layout !== 'admin') return <PublicLayout>{children}</PublicLayout>;
  const SignedIn = signedInLayouts[layout];
  return (
    <Suspense fallback={<PageLoading />}>
      <SignedIn>{children}</SignedIn>
    </Suspense>
  );
}

/**
 * Every URL goes through here: the guard decides, then the route's layout shows the shell page or mounts
 * the owning area. The layout and the area outlet keep their place in the tree, so moving between routes
 * of one area keeps the area mounted and its router follows the URL.
 */
export function ShellView() {
  const location = useLocation();
  const signedIn = useStore($isSignedIn);
  const isAdmin = useStore($isAdmin);
  const decision = guard(location.pathname, { signedIn, isAdmin }, askedPage(location.state));
  const title =
    decision.kind === 'render'
      ? documentTitle(decision.entry)
      : decision.kind === 'not-allowed'
        ? `Not allowed · ${productName}`
        : decision.kind === 'not-found'
          ? documentTitle(null)
          : document.title;
  // Every navigation sets the page title and scrolls to the top (spec §2), back/forward included.
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location.pathname]);

  if (decision.kind === 'redirect') {
    // The page asked for rides along to /login, so signing in goes back to it (after-sign-in.ts).
    return (
      <Navigate
        to={decision.to}
        replace
        state={{ from: askedPage(location.state) ?? `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  }
  if (decision.kind === 'not-found')
    return (
      <PublicLayout>
        <NotFound />
      </PublicLayout>
    );
  if (decision.kind === 'not-allowed')
    return (
      <LayoutFrame layout="user">
        <NotAllowed />
      </LayoutFrame>
    );
  const { entry } = decision;
  return (
    <LayoutFrame layout={entry.layout}>
      {entry.area === 'shell' ? (
        <ShellPage key={entry.path} entry={entry} />
      ) : (
        <AreaOutlet key={entry.area} area={entry.area} />
      )}
    </LayoutFrame>
  );
}
