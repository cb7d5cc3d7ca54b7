import { requestStartConfigEarly } from './remotes/early-config';

// The shell's first script. The start-up itself reads top to bottom in bootstrap.tsx; before its async boundary
// only this: remotes.json and settings.json are asked for now, so neither waits behind the bootstrap's chunks.
requestStartConfigEarly();
// The async boundary: the Module Federation runtime sets up the shared singletons before React loads.
import(/* webpackChunkName: "bootstrap" */ './bootstrap').catch((error: unknown) => {
  console.error('Lifeboard failed to start', error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'Lifeboard could not start. Please reload the page.';
});
