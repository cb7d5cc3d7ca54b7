import { afterEach, describe, expect, it } from 'vitest';
import { mountRootParcel } from 'single-spa';
import { bootstrap, mount, unmount } from './lifecycles';

function parcelProps(domElement: HTMLElement, name: string) {
  return { name, domElement, singleSpa: {}, mountParcel: mountRootParcel };
}

async function waitFor(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('mf-journal lifecycles', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('mounts the area into the given element and removes it on unmount', async () => {
    window.history.replaceState(null, '', '/journal');
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const props = parcelProps(domElement, 'mf_journal-test');

    await bootstrap(props);
    await mount(props);
    await waitFor(() => (domElement.textContent ?? '').length > 0);
    expect(domElement.querySelector('[data-area="mf_journal"]')).not.toBeNull();

    await unmount(props);
    expect(domElement.innerHTML).toBe('');
  });
});
