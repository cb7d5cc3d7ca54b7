import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
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

afterEach(cleanup);

function show(Page: ComponentType) {
  render(<MemoryRouter><Page /></MemoryRouter>);
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

  it('contact offers mailto links with the subject filled in', () => {
    show(Contact);
    const link = screen.getByRole('link', { name: /data export or account deletion/i });
    expect(link.getAttribute('href')).toBe(`mailto:${supportEmail}?subject=Data%20export%20or%20account%20deletion`);
    expect(mailtoLink('a b', 'c&d')).toBe(`mailto:${supportEmail}?subject=a%20b&body=c%26d`);
  });

  it('privacy explains per-board data, device keys, export and deletion', () => {
    show(Privacy);
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/per board/);
    expect(text).toMatch(/encryption keys/);
    expect(text).toMatch(/export your data/i);
    expect(text).toMatch(/delete your account/i);
  });

  it('support answers questions and links to contact', () => {
    show(Support);
    expect(screen.getAllByRole('term').length).toBeGreaterThanOrEqual(5);
    expect(screen.getByRole('link', { name: /contact page/i }).getAttribute('href')).toBe('/contact');
  });
});
