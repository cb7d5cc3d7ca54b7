import { describe, expect, it } from 'vitest';
import { appScripts, staticPageFile, staticPageHtml } from './page-html';

// The shape HtmlRspackPlugin gives src/index.html in a production build.
const indexHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lifeboard</title>' +
  '<script defer src="/main.4665cf46b6.js"></script></head><body><div id="root"></div></body></html>';

const parts = {
  title: 'About · Lifeboard',
  markup: '<main><h1>About</h1></main>',
  stylesheet: '/public.b0e1e66305.css',
  bootScript: '/public-boot.a9ebc5a997.js',
};

describe('a prerendered public page', () => {
  it('carries the markup, its title and stylesheet, and only the boot script, which knows the app scripts', () => {
    const html = staticPageHtml(indexHtml, parts);
    expect(html).toContain('<div id="root"><main><h1>About</h1></main></div>');
    expect(html).toContain('<title>About · Lifeboard</title>');
    expect(html).toContain('<link rel="stylesheet" href="/public.b0e1e66305.css">');
    expect(html).toContain(
      '<script defer src="/public-boot.a9ebc5a997.js" data-app-scripts="/main.4665cf46b6.js"></script>',
    );
    expect(appScripts(html)).toEqual(['/public-boot.a9ebc5a997.js']);
    expect(html.indexOf('</head>')).toBeGreaterThan(html.indexOf('public-boot'));
  });

  it('leaves out the app’s start-up preloads: a public page fetches the app only for a signed-in visitor', () => {
    const withPreloads = indexHtml.replace(
      '</script>',
      '</script><link rel="preload" as="script" href="/app-start.7c460eba16.js" data-app-start><link rel="preload" as="style" href="/bootstrap.17774d1865.css" data-app-start>',
    );
    const html = staticPageHtml(withPreloads, parts);
    expect(html).not.toContain('preload');
    expect(html).toBe(staticPageHtml(indexHtml, parts));
  });

  it('escapes the title and keeps `$` patterns in the markup as written', () => {
    const html = staticPageHtml(indexHtml, {
      ...parts,
      title: 'Terms & <Privacy>',
      markup: '<p>Pro costs $5 — $& $1</p>',
    });
    expect(html).toContain('<title>Terms &amp; &lt;Privacy&gt;</title>');
    expect(html).toContain('<p>Pro costs $5 — $& $1</p>');
  });

  it('refuses a template it cannot fill rather than write a broken page', () => {
    expect(() => staticPageHtml(indexHtml.replace(/<script[^>]*><\/script>/, ''), parts)).toThrow(/no app script/);
    expect(() => staticPageHtml(indexHtml.replace('<div id="root"></div>', '<div id="app"></div>'), parts)).toThrow(
      /root/,
    );
  });

  it('names one file per route inside prerendered/', () => {
    expect(staticPageFile('/')).toBe('prerendered/index.html');
    expect(staticPageFile('/privacy')).toBe('prerendered/privacy.html');
    expect(() => staticPageFile('/a/:id')).toThrow();
    expect(() => staticPageFile('/../etc')).toThrow();
  });
});
