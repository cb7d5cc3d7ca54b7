/**
 * Build-time only (bundled for Node by the `prerender` config of rspack.config.ts, never shipped): the public
 * pages of the route table rendered to HTML with the very components the app renders, so a signed-out visitor
 * reads them without running the app (src/public-boot.ts).
 */
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { PublicLayout } from '../src/layouts/PublicLayout';
import { documentTitle, routeTable } from '../src/routes/route-table';

// Only pages of `src/pages/public/`: static content with no state. Sign-in and sign-up stay in the app.
const publicPages = import.meta.webpackContext('../src/pages/public', {
  recursive: false,
  regExp: /^\.\/[A-Z]\w*\.tsx$/,
  mode: 'sync',
});

function pageNamed(name: string): ComponentType | null {
  const key = `./${name}.tsx`;
  if (!publicPages.keys().includes(key)) return null;
  const module = publicPages(key) as { default?: ComponentType };
  return module.default ?? null;
}

export interface PrerenderedPage {
  path: string;
  title: string;
  markup: string;
}

/** Every public, signed-out shell route whose page lives in `src/pages/public/`, rendered as the app would. */
export function renderPublicPages(): PrerenderedPage[] {
  const pages: PrerenderedPage[] = [];
  for (const entry of routeTable) {
    if (entry.area !== 'shell' || entry.layout !== 'public' || entry.auth || !entry.page || entry.path.includes(':'))
      continue;
    const Page = pageNamed(entry.page);
    if (!Page) continue;
    const markup = renderToStaticMarkup(
      <StaticRouter location={entry.path}>
        <PublicLayout>
          <Page />
        </PublicLayout>
      </StaticRouter>,
    );
    pages.push({ path: entry.path, title: documentTitle(entry), markup });
  }
  return pages;
}
