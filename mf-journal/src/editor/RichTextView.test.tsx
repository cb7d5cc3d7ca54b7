// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { setConfig } from '@lifeboard/shared/stores/config';
import { RichTextView } from '@lifeboard/shared/editor/RichTextView';

// KaTeX checks for quirks mode when it loads; the test document has no doctype.
vi.hoisted(() => Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true }));

afterEach(cleanup);

describe('RichTextView', () => {
  it('shows the editor’s formats and nothing that can run', () => {
    const { container } = render(
      <RichTextView
        label="Entry"
        html={
          '<h2>Day</h2><p><strong>bold</strong> <a href="javascript:alert(1)">bad</a> <a href="https://ok.example/">good</a></p><img src=x onerror="alert(1)"><script>alert(2)</script><p onclick="alert(3)">tap</p>'
        }
      />,
    );
    const region = screen.getByRole('region', { name: 'Entry' });
    expect(region.querySelector('h2')?.textContent).toBe('Day');
    expect(region.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('script, img, [onclick], [onerror]')).toBeNull();
    expect(screen.getByText('bad').getAttribute('href')).toBeNull();
    const good = screen.getByRole('link', { name: 'good' });
    expect(good.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(good.getAttribute('target')).toBe('_blank');
  });

  it('renders formulas with KaTeX from their source, never from stored markup', async () => {
    const { container } = render(
      <RichTextView html={'<p><span class="ql-formula" data-value="x^2"><img src=x onerror=alert(1)></span></p>'} />,
    );
    await waitFor(() => expect(container.querySelector('.ql-formula .katex')).not.toBeNull());
    expect(container.querySelector('img')).toBeNull();
  });

  it('makes uploaded images absolute against the API address', () => {
    setConfig({ apiUrl: 'http://api.example' });
    const { container } = render(<RichTextView html={'<p><img src="/api/uploads/abc"></p>'} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('http://api.example/api/uploads/abc');
  });
});
