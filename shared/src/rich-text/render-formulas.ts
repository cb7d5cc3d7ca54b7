import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * Renders every sanitized formula (`span.ql-formula`, its source as text) inside `root` with KaTeX.
 * Loaded on demand: most pages have no formula, and KaTeX is the heaviest part of a shared page.
 * `trust: false` refuses \href, \url and \html… ; a formula KaTeX cannot parse stays as its source text.
 */
export function renderFormulas(root: HTMLElement): void {
  for (const span of root.querySelectorAll<HTMLElement>('span.ql-formula')) {
    const source = span.dataset.value ?? span.textContent ?? '';
    try {
      katex.render(source, span, {
        throwOnError: true,
        trust: false,
        strict: 'ignore',
        displayMode: false,
        maxExpand: 1000,
      });
      span.setAttribute('aria-label', source);
    } catch {
      span.textContent = source;
    }
  }
}
