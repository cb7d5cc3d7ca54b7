import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { analyticsStatementElement, withAnalytics } from '../../../../scripts/runtime-settings.mjs';
import { afterEach, describe, expect, it } from 'vitest';
import About from './About';
import Contact from './Contact';
import { mailtoLink, supportEmail } from './contact-details';
import Landing from './Landing';
import Overview from './Overview';
import Pricing from './Pricing';
import Privacy from './Privacy';
import Service from './Service';
import Support from './Support';
import Terms from './Terms';
import { resetConfigForTests, setConfig } from '@lifeboard/shared/stores/config';

afterEach(cleanup);

function show(Page: ComponentType) {
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
}

const pages: [string, ComponentType, RegExp][] = [
  ['Landing', Landing, /plan your life/i],
  ['Support', Support, /^support$/i],
  ['Service', Service, /lifeboard service/i],
  ['Terms', Terms, /terms of service/i],
  ['Privacy', Privacy, /privacy policy/i],
  ['Pricing', Pricing, /^pricing$/i],
  ['Contact', Contact, /contact us/i],
  ['Overview', Overview, /tour of lifeboard/i],
  ['About', About, /about lifeboard/i],
];

describe.each(pages)('%s', (_name, Page, heading) => {
  it('renders one top-level heading with real content', () => {
    show(Page);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(heading);
    expect(document.body.textContent?.length ?? 0).toBeGreaterThan(400);
  });
});

describe('public pages', () => {
  it('the landing page leads to sign-up and sign-in', () => {
    show(Landing);
    expect(screen.getByRole('link', { name: /create a free account/i }).getAttribute('href')).toBe('/sign-up');
    expect(screen.getByRole('link', { name: /^sign in$/i }).getAttribute('href')).toBe('/login');
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('h3')?.textContent)).toContain('Habits');
  });

  it('the landing page shows the product: sized, lazy WebP screenshots that exist in public/', () => {
    show(Landing);
    const images = screen.getAllByRole('img');
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) {
      const src = image.getAttribute('src') ?? '';
      expect(src).toMatch(/^\/screenshots\/[\w-]+\.webp$/);
      expect(Number(image.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(image.getAttribute('height'))).toBeGreaterThan(0);
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.getAttribute('alt')?.length).toBeGreaterThan(20);
      // Tests run from shell/ (vitest's root), where public/ is.
      const file = readFileSync(join(process.cwd(), 'public', src));
      // A WebP file: RIFF….WEBP.
      expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(file.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it('contact offers mailto links with the subject filled in', () => {
    show(Contact);
    const link = screen.getByRole('link', { name: /trouble exporting or deleting my data/i });
    expect(link.getAttribute('href')).toBe(
      `mailto:${supportEmail}?subject=Trouble%20exporting%20or%20deleting%20my%20data`,
    );
    expect(mailtoLink('a b', 'c&d')).toBe(`mailto:${supportEmail}?subject=a%20b&body=c%26d`);
  });

  it('privacy explains per-board data, device keys, export and deletion', () => {
    show(Privacy);
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/per board/);
    expect(text).toMatch(/encryption keys/);
    expect(text).toMatch(/export your data/i);
    expect(text).toMatch(/your whole account on the Security page/i);
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(text).not.toMatch(/write to .* to delete/i);
  });

  it('privacy says which analytics tag runs: none by default, the configured one otherwise', () => {
    resetConfigForTests();
    show(Privacy);
    expect(document.getElementById('analytics-statement')?.textContent).toBe(
      'This site runs no analytics tag: nothing counts or follows your visits.',
    );
    cleanup();
    setConfig({
      apiUrl: 'https://api.example',
      analytics: { scriptUrl: 'https://plausible.io/js/script.js', siteId: 'lifeboard.app' },
    });
    show(Privacy);
    expect(document.getElementById('analytics-statement')?.textContent).toMatch(
      /^We count page visits with a privacy-friendly analytics tag from plausible\.io\. It sets no cookie/,
    );
    resetConfigForTests();
  });

  it('privacy, rendered as the build prerenders it, has the statement where the static server writes the configured one', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <Privacy />
      </MemoryRouter>,
    );
    expect(html).toMatch(analyticsStatementElement);
    const analytics = { scriptUrl: 'https://umami.example/script.js', siteId: '94db1cb1-74f4-4a40-ad6c-962362670409' };
    expect(withAnalytics(html, analytics)).toContain(
      '<p id="analytics-statement">We count page visits with a privacy-friendly analytics tag from umami.example.',
    );
  });

  it('support answers questions and links to contact', () => {
    show(Support);
    expect(screen.getAllByRole('term').length).toBeGreaterThanOrEqual(5);
    expect(screen.getByRole('link', { name: /contact page/i }).getAttribute('href')).toBe('/contact');
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/Download all my data/);
    expect(text).toMatch(/On the Security page, enter your password under "Delete your account"/);
    expect(text).not.toMatch(/e-mail us/i);
  });
});
