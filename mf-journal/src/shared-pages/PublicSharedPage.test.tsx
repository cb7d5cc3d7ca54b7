// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { clearSession } from '@lifeboard/shared/stores/session';
import { createKeyMaterial } from '@lifeboard/shared/crypto/keys';
import { sealShare, shareFragment } from '@lifeboard/shared/crypto/share';
import { PublicSharedPage } from './PublicSharedPage';

const api = withFakeApi();
beforeAll(() => {
  // The test DOM may lack a doctype; the site's pages have one (standards mode), which KaTeX requires.
  Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true });
  clearSession();
});
afterEach(() => {
  cleanup();
  window.location.hash = '';
});

const slug = 'AbCdEfGhIjKlMnOpQrStUv';
const open = () =>
  render(
    <MemoryRouter initialEntries={[`/a/${slug}`]}>
      <Routes>
        <Route path="/a/:id" element={<PublicSharedPage />} />
      </Routes>
    </MemoryRouter>,
  );
const serve = (body: string) =>
  api.on(`GET /api/public/shared/${slug}`, {
    body: { success: true, page: { slug, title: 'Shared day', body, date: '2026-11-20', shared_at: '' } },
  });

describe('PublicSharedPage', () => {
  it('renders the body as rich text: headers, marks, lists, quotes, links that open safely', async () => {
    serve(
      '<h2>Morning</h2><p>Ran <strong>5 km</strong> <a href="https://example.com">route</a></p><ol><li data-list="bullet">tea</li></ol><blockquote>be kind</blockquote>',
    );
    const { container } = open();
    expect(await screen.findByRole('heading', { name: 'Morning', level: 2 })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('5 km');
    expect(screen.getByRole('link', { name: 'route' }).getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('listitem').textContent).toBe('tea');
    expect(container.querySelector('blockquote')?.textContent).toBe('be kind');
    expect(screen.getByText('Fri, Nov 20th 2026')).toBeTruthy();
  });

  it('never runs what the body smuggles in, even if the server let it through', async () => {
    serve(
      '<p onmouseover="alert(1)">hi<script>alert(2)</script></p><img src=x onerror=alert(3)><a href="javascript:alert(4)">j</a><iframe src="https://evil.example/"></iframe>',
    );
    const { container } = open();
    expect(await screen.findByText('hi')).toBeTruthy();
    expect(container.querySelector('script, iframe, img, [onmouseover], [onerror]')).toBeNull();
    expect(container.querySelector('a')?.hasAttribute('href')).toBe(false);
  });

  it('renders formulas with KaTeX from their source', async () => {
    serve('<p>Energy: <span class="ql-formula" data-value="e=mc^2"></span></p>');
    const { container } = open();
    await waitFor(() => expect(container.querySelector('.ql-formula .katex')).not.toBeNull());
    expect(container.querySelector('.ql-formula')?.getAttribute('aria-label')).toBe('e=mc^2');
  });

  it('answers "not found" for a revoked or unknown link, without a retry', async () => {
    api.on(`GET /api/public/shared/${slug}`, { status: 404, body: { message: 'This page is not shared (any more).' } });
    open();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('This page is not shared, or its link was revoked.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('opens an encrypted entry with the key in the link’s fragment, and says plainly when it can’t', async () => {
    const { dataKey } = await createKeyMaterial(5, 'a passphrase for the page', 1_000);
    const content = { title: 'Sealed day', body: '<p>Only with the <strong>key</strong></p>', date: '2026-11-21' };
    const share = await sealShare(dataKey, { model: 'journal_entry', id: 3 }, content);
    api.on(`GET /api/public/shared/${slug}`, {
      body: { success: true, page: { slug, title: '', body: '', sealed: share.sealed, date: '', shared_at: '' } },
    });
    window.location.hash = shareFragment(share.pageKey);
    const { container } = open();
    expect(await screen.findByRole('heading', { name: 'Sealed day', level: 1 })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('key');
    expect(screen.getByText('Sat, Nov 21st 2026')).toBeTruthy();
    cleanup();

    const other = await sealShare(dataKey, { model: 'journal_entry', id: 3 }, content);
    for (const hash of ['', shareFragment(other.pageKey), '#k=short']) {
      window.location.hash = hash;
      open();
      expect(await screen.findByRole('heading', { name: 'This page can’t be opened' })).toBeTruthy();
      expect(screen.getByText(/its link is missing its key or has a wrong one/)).toBeTruthy();
      expect(screen.queryByText('Sealed day')).toBeNull();
      cleanup();
    }
  });

  it('offers a retry when the API is down', async () => {
    api.on(`GET /api/public/shared/${slug}`, { hangUp: true });
    open();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
