import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ParcelConfigObject } from 'single-spa';
import { areas, isAreaName } from './remotes';

/** The stable code shown when an area's code cannot be fetched (conventions.md, *Errors*). */
export const remoteLoadErrorCode = 'LB-REMOTE-LOAD';

/** Props the shell gives every area parcel; the error parcel uses `retry`. */
export interface AreaParcelProps {
  retry?: () => void;
}

type ParcelProps = AreaParcelProps & { domElement?: HTMLElement };

/**
 * A React-free parcel that fills the area with an error panel and a Retry button. Retry asks the shell to
 * load the area again (a new `loadRemote`), without reloading the page. The panel says what happened in the
 * user's words; what failed (a manifest address, the runtime's error code and docs link) goes to the console.
 */
export function createErrorParcel(
  label: string,
  error: unknown,
  code = remoteLoadErrorCode,
  words: { title: string; text: string } = {
    title: `${label} is unavailable right now`,
    text: 'This part of Lifeboard could not be loaded. Check your connection and try again; the rest of the app keeps working.',
  },
): ParcelConfigObject<ParcelProps> {
  console.error(`${code}: ${label} could not be loaded`, error);
  let panel: HTMLElement | null = null;
  return {
    name: `${label}-unavailable`,
    bootstrap: () => Promise.resolve(),
    mount: (props) => {
      const host = props.domElement;
      if (!host) return Promise.reject(new Error('The error parcel needs a domElement'));
      panel = document.createElement('section');
      panel.className = 'lb-area-error';
      panel.setAttribute('role', 'alert');
      panel.dataset.errorCode = code;
      const title = document.createElement('h2');
      title.textContent = words.title;
      const text = document.createElement('p');
      text.textContent = words.text;
      const detail = document.createElement('p');
      detail.className = 'lb-area-error__code';
      detail.textContent = `If it keeps happening, tell support this code: ${code}`;
      panel.append(title, text, detail);
      if (props.retry) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Retry';
        button.addEventListener('click', () => props.retry?.());
        panel.append(button);
      }
      host.append(panel);
      return Promise.resolve();
    },
    unmount: () => {
      panel?.remove();
      panel = null;
      return Promise.resolve();
    },
  };
}

/**
 * The MF runtime plugin: a failed load of an area's lifecycles becomes that area's error parcel.
 * It answers only the `onLoad` lifecycle: answering `afterResolve` too makes the runtime take the
 * fallback for the manifest and cache that for good, so a retry would never refetch (mf-runtime-notes.md).
 */
export function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'lifeboard-remote-fallback',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      const [area, expose] = args.id.split('/');
      if (!isAreaName(area) || expose !== 'lifecycles') return undefined;
      return createErrorParcel(areas[area].label, args.error);
    },
  };
}
