import { BrowserRouter } from '@lifeboard/shared/lib/router';
import { AreaRoutes } from './routes';

/**
 * This area's React tree. Its router reads the same browser history as the shell's: the shell has
 * single-spa patch pushState/replaceState to fire popstate, so each router follows the other's navigation.
 */
export function Root() {
  return (
    <BrowserRouter>
      <AreaRoutes />
    </BrowserRouter>
  );
}
