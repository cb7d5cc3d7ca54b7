import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/dom';
import { areaLifecycles } from './lifecycles';
import { mountAreaAt } from './test-parcel';

function Broken(): React.ReactNode {
  throw new Error('The list could not be drawn');
}

function BrokenWithoutMessage(): React.ReactNode {
  throw new Error('');
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('areaLifecycles', () => {
  it('asks for the root as it is made, once, not at the mount', async () => {
    const Root = () => <p data-area="test">Hello</p>;
    const loadRoot = vi.fn(async () => Root);
    const lifecycles = areaLifecycles(loadRoot);
    expect(loadRoot).toHaveBeenCalledTimes(1);
    const area = await mountAreaAt(lifecycles, '/somewhere');
    expect(area.element.querySelector('[data-area="test"]')?.textContent).toBe('Hello');
    expect(loadRoot).toHaveBeenCalledTimes(1);
    await area.unmount();
    expect(area.element.innerHTML).toBe('');
  });

  it('asks for the root again at the mount when the first try failed', async () => {
    const Root = () => <p>Back online</p>;
    const loadRoot = vi
      .fn<() => Promise<typeof Root>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Root);
    const lifecycles = areaLifecycles(loadRoot);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the shell mounts well after the module ran
    const area = await mountAreaAt(lifecycles, '/somewhere');
    expect(area.element.textContent).toBe('Back online');
    expect(loadRoot).toHaveBeenCalledTimes(2);
    await area.unmount();
  });

  it('shows a render error in the area in the user’s words, with its code and a Retry that calls the shell’s retry', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    const retry = vi.fn();
    const lifecycles = areaLifecycles(async () => Broken);
    const area = await mountAreaAt(lifecycles, '/somewhere', { retry });
    const panel = screen.getByRole('alert');
    // The error's own text is for the console, not the user.
    expect(panel.textContent).not.toContain('The list could not be drawn');
    expect(panel.textContent).toContain('Something went wrong while showing this page');
    expect(logged).toHaveBeenCalledWith(
      'LB-AREA-RENDER',
      expect.objectContaining({ message: 'The list could not be drawn' }),
      expect.anything(),
    );
    expect(panel.getAttribute('data-error-code')).toBe('LB-AREA-RENDER');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    await area.unmount();
  });

  it('offers no Retry when the shell passed none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const area = await mountAreaAt(
      areaLifecycles(async () => BrokenWithoutMessage),
      '/somewhere',
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(screen.queryByRole('button')).toBeNull();
    await area.unmount();
  });
});
