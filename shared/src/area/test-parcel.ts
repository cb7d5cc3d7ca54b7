import { waitFor } from '@testing-library/dom';
import { mountRootParcel } from 'single-spa';
import type { ReactAppOrParcel } from 'single-spa-react';
import type { AreaProps } from './lifecycles';

/** An area mounted the way the shell mounts it, for the remotes' lifecycles tests. */
export interface MountedArea {
  /** The element the area was mounted into, in the document. */
  element: HTMLElement;
  unmount(): Promise<void>;
}

/**
 * Bootstraps and mounts `lifecycles` as a parcel at `path`, into a fresh element in the document, and waits for
 * the area's first content. Unmounting also removes the element and goes back to `/`.
 */
export async function mountAreaAt(
  lifecycles: ReactAppOrParcel<AreaProps>,
  path: string,
  props: AreaProps = {},
): Promise<MountedArea> {
  window.history.replaceState(null, '', path);
  const element = document.createElement('div');
  document.body.append(element);
  const parcelProps = {
    ...props,
    name: `test-parcel${path}`,
    domElement: element,
    singleSpa: {},
    mountParcel: mountRootParcel,
  };
  await lifecycles.bootstrap(parcelProps);
  await lifecycles.mount(parcelProps);
  await waitFor(() => {
    if (!element.textContent) throw new Error(`nothing mounted at ${path}`);
  });
  return {
    element,
    async unmount() {
      await lifecycles.unmount(parcelProps);
      element.remove();
      window.history.replaceState(null, '', '/');
    },
  };
}
