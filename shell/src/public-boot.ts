/**
 * The only script of a prerendered public page (prerender/, served by scripts/serve-static.mjs). A signed-out
 * visitor reads the page and follows its links without running the app: no framework to download, parse and
 * run before the page is usable. A signed-in user gets the app, which then applies the guard (`/` → /home) and
 * the signed-in header. Links into the app (sign in, sign up) load it as a normal first visit.
 */
import { tokenStorageKey } from '@lifeboard/shared/stores/session';

function startApp(scripts: readonly string[]): void {
  for (const src of scripts) {
    const script = document.createElement('script');
    script.src = src;
    script.async = false; // keep the document order of index.html
    document.head.append(script);
  }
}

function hasSession(): boolean {
  try {
    return Boolean(localStorage.getItem(tokenStorageKey));
  } catch {
    return false; // storage disabled: nobody can be signed in here
  }
}

const boot = document.currentScript;
const appScripts = boot instanceof HTMLScriptElement ? (boot.dataset.appScripts ?? '').split(' ').filter(Boolean) : [];
if (hasSession()) startApp(appScripts);
