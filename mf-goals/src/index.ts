// The async boundary: shared singletons are resolved before any React code runs.
import('./bootstrap').catch((error: unknown) => console.error('The standalone page failed to start', error));
