import { requestRemotesConfigEarly, requestSettingsEarly } from './remotes/early-config';

// Before the async boundary, side by side: the bootstrap needs remotes.json and the runtime settings (the API's
// address) as soon as it runs (remotes/early-config.ts).
requestRemotesConfigEarly();
requestSettingsEarly();
// The async boundary: the Module Federation runtime resolves the shared singletons before React loads.
import(/* webpackChunkName: "bootstrap" */ './bootstrap').catch((error: unknown) => {
  console.error('Lifeboard failed to start', error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'Lifeboard could not start. Please reload the page.';
});
