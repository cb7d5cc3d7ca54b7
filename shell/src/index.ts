// The async boundary: the Module Federation runtime resolves the shared singletons before React loads.
import('./bootstrap').catch((error: unknown) => {
  console.error('Lifeboard failed to start', error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'Lifeboard could not start. Please reload the page.';
});
