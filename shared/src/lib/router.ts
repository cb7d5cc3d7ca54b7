/**
 * The router every app uses: react-router-dom's singleton, cut to what the apps import.
 *
 * A package shared through Module Federation keeps every export, because any remote may ask for any of them:
 * shared whole, react-router-dom shipped its data routers, server rendering and form helpers to every visitor
 * (≈ 62 kB gzip). scripts/federation.ts shares this module instead, under the share key `react-router-dom`,
 * so there is still exactly one router on the page and the build keeps only what is named here (≈ 14 kB gzip).
 * App code imports from `@lifeboard/shared/lib/router`; the lint config forbids importing the package directly
 * (it would bundle a second copy) outside tests. Add a name here when an app needs it.
 */
export {
  BrowserRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
