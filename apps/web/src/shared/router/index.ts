/*
 * The portal's router (issue 23): the part of React Router's data router the portal used (lazy
 * routes, loaders that redirect, error boundaries, scroll restoration), in about a tenth of its
 * size on the home page. The names and behaviour are React Router's, so pages and tests read the
 * same.
 */
export {
  Link,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
  type LinkProps,
  type NavigateFunction,
  type NavLinkProps,
  type SetURLSearchParams,
} from './components';
export type { Action, Location, Path } from './history';
export type { LazyRoute, LoaderFunctionArgs, Params, Redirect, RouteObject } from './match-routes';
export {
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  replace,
  type NavigateOptions,
  type Navigation,
  type Router,
  type RouterState,
  type To,
} from './router';
