import {
  Component,
  createContext,
  forwardRef,
  memo,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createPath, resolvePath, type Location } from './history';
import type { Params, RouteMatch, RouteObject } from './match-routes';
import type { NavigateOptions, Navigation, Router, RouterState, ScrollKey, To } from './router';

const RouterContext = createContext<Router | null>(null);
const LocationContext = createContext<Location | null>(null);
const NavigationContext = createContext<Navigation>({ state: 'idle' });
const MatchesContext = createContext<RouteMatch[]>([]);
const ScrollContext = createContext<
  Pick<RouterState, 'restoreScrollPosition' | 'preventScrollReset'>
>({ restoreScrollPosition: false, preventScrollReset: false });
const RouteContext = createContext<{ outlet: ReactNode; matches: RouteMatch[] }>({
  outlet: null,
  matches: [],
});
const RouteErrorContext = createContext<unknown>(undefined);

function useRouter(hook: string): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook} may be used only inside the RouterProvider.`);
  return router;
}

/** The router's state, shown by the app: page updates render as a transition (time-sliced). */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    const show = () => startTransition(() => setState(router.state));
    const stop = router.subscribe(show);
    // A change between the first render and now (the same state is no render at all).
    show();
    return stop;
  }, [router]);
  const scroll = useMemo(
    () => ({
      restoreScrollPosition: state.restoreScrollPosition,
      preventScrollReset: state.preventScrollReset,
    }),
    [state.restoreScrollPosition, state.preventScrollReset],
  );
  return (
    <RouterContext.Provider value={router}>
      <LocationContext.Provider value={state.location}>
        <NavigationContext.Provider value={state.navigation}>
          <MatchesContext.Provider value={state.matches}>
            <ScrollContext.Provider value={scroll}>
              <RouteTree
                matches={state.matches}
                errors={state.errors}
                location={state.location}
                initialized={state.initialized}
                root={router.routes[0]}
              />
            </ScrollContext.Provider>
          </MatchesContext.Provider>
        </NavigationContext.Provider>
      </LocationContext.Provider>
    </RouterContext.Provider>
  );
}

function DefaultError() {
  return <h2>Unexpected application error</h2>;
}

interface BoundaryProps {
  location: Location;
  error: unknown;
  fallback: ReactNode;
  children: ReactNode;
}

/** Shows a route's ErrorBoundary for an error of loading (`error`) or rendering, until the URL changes. */
class RenderErrorBoundary extends Component<BoundaryProps, { error: unknown; location: Location }> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { error: props.error, location: props.location };
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: { error: unknown; location: Location },
  ) {
    if (state.location !== props.location) return { error: props.error, location: props.location };
    return {
      error: props.error !== undefined ? props.error : state.error,
      location: state.location,
    };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A route failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteErrorContext.Provider value={this.state.error}>
        {this.props.fallback}
      </RouteErrorContext.Provider>
    );
  }
}

interface TreeProps {
  matches: RouteMatch[];
  errors: RouterState['errors'];
  location: Location;
  initialized: boolean;
  root: RouteObject | undefined;
}

/** The matched routes, each inside its parent's Outlet; a failed route shows its ErrorBoundary. */
const RouteTree = memo(function RouteTree({
  matches,
  errors,
  location,
  initialized,
  root,
}: TreeProps) {
  if (!initialized) {
    const Fallback = root?.HydrateFallback;
    return Fallback ? <Fallback /> : null;
  }
  const errorAt = errors ? matches.findIndex((m) => errors[m.route.id] !== undefined) : -1;
  let outlet: ReactNode = null;
  for (let i = errorAt >= 0 ? errorAt : matches.length - 1; i >= 0; i--) {
    const { route } = matches[i]!;
    const chain = matches.slice(0, i + 1);
    const Page = route.Component;
    const element = Page ? <Page /> : route.element !== undefined ? route.element : outlet;
    let node: ReactNode = (
      <RouteContext.Provider value={{ outlet, matches: chain }}>{element}</RouteContext.Provider>
    );
    if (route.ErrorBoundary || i === 0) {
      const Boundary = route.ErrorBoundary ?? DefaultError;
      node = (
        <RenderErrorBoundary
          location={location}
          error={i === errorAt ? errors![route.id] : undefined}
          fallback={
            <RouteContext.Provider value={{ outlet: null, matches: chain }}>
              <Boundary />
            </RouteContext.Provider>
          }
        >
          {node}
        </RenderErrorBoundary>
      );
    }
    outlet = node;
  }
  return outlet;
});

/** Where a child route shows. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation may be used only inside the RouterProvider.');
  return location;
}

export const useNavigation = (): Navigation => useContext(NavigationContext);

export const useRouteError = (): unknown => useContext(RouteErrorContext);

export function useParams(): Params {
  const { matches } = useContext(RouteContext);
  return matches[matches.length - 1]?.params ?? {};
}

export function useMatches() {
  const matches = useContext(MatchesContext);
  return useMemo(
    () => matches.map(({ route, pathname, params }) => ({ id: route.id, pathname, params })),
    [matches],
  );
}

/** As React Router's: the promise settles once the page shown is the new one (or it was overtaken). */
export type NavigateFunction = {
  (to: To, options?: NavigateOptions): void | Promise<void>;
  (delta: number): void | Promise<void>;
};

export function useNavigate(): NavigateFunction {
  const router = useRouter('useNavigate');
  return useCallback(
    (to: To | number, options?: NavigateOptions) => router.navigate(to, options),
    [router],
  );
}

type SearchParamsInit = string | URLSearchParams | Record<string, string> | [string, string][];

export type SetURLSearchParams = (
  next: SearchParamsInit | ((previous: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/** The query of the current URL, and a way to change it (a navigation to the same path). */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetURLSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      void navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, set];
}

/** Goes to `to` once shown (a page that sends its visitor elsewhere). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  reloadDocument?: boolean;
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

const plainLeftClick = (event: MouseEvent<HTMLAnchorElement>, target?: string) =>
  event.button === 0 &&
  (!target || target === '_self') &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/** A link the router follows without a page load (a modified click or a new tab stays the browser's). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, preventScrollReset, reloadDocument, onClick, target, ...rest },
  ref,
) {
  const router = useRouter('Link');
  const location = useLocation();
  const external = EXTERNAL.test(to);
  const href = external ? to : createPath(resolvePath(to, location));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || external || reloadDocument || !plainLeftClick(event, target))
      return;
    event.preventDefault();
    // A link to the page shown replaces its entry, as React Router's did.
    const same = createPath(location) === href;
    void router.navigate(href, { replace: replace ?? same, state, preventScrollReset });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={follow} />;
});

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  end?: boolean;
}

/** A link marked as the current page (`active`, aria-current) while its path, or one below it, is shown. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { className = '', end = false, to, 'aria-current': current = 'page', ...rest },
  ref,
) {
  const location = useLocation();
  const target = resolvePath(to, location).pathname.toLowerCase();
  const shown = location.pathname.toLowerCase();
  const at = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    shown === target || (!end && shown.startsWith(target) && shown.charAt(at) === '/');
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ');
  return (
    <Link
      {...rest}
      ref={ref}
      to={to}
      className={classes || undefined}
      aria-current={isActive ? current : undefined}
    />
  );
});

const idOf = (hash: string) => {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
};

/** Kept scroll positions, by entry key, shared with the router (saved to sessionStorage on pagehide). */
let positions: Record<string, number> = {};

/**
 * Scroll as a page load would: back/forward return to where the reader was, a #hash scrolls to
 * its element, any other navigation to the top.
 */
export function ScrollRestoration({
  getKey,
  storageKey,
}: {
  getKey?: (location: Location) => string;
  storageKey: string;
}) {
  const router = useRouter('ScrollRestoration');
  const location = useLocation();
  const navigation = useNavigation();
  const { restoreScrollPosition, preventScrollReset } = useContext(ScrollContext);
  // The portal's key reads the location alone (a ScrollKey may read the matches too).
  const key: ScrollKey | undefined = getKey;

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const onPageHide = () => {
      if (navigation.state === 'idle')
        positions[key?.(location, []) ?? location.key] = window.scrollY;
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(positions));
      } catch {
        // Storage full or unavailable: positions are kept for this page only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [navigation.state, key, location, storageKey]);

  useLayoutEffect(() => {
    try {
      const saved = sessionStorage.getItem(storageKey);
      if (saved) positions = JSON.parse(saved) as Record<string, number>;
    } catch {
      // Unreadable: nothing to restore.
    }
  }, [storageKey]);

  useLayoutEffect(
    () => router.enableScrollRestoration(positions, () => window.scrollY, key),
    [router, key],
  );

  useLayoutEffect(() => {
    if (restoreScrollPosition === false) return;
    if (typeof restoreScrollPosition === 'number') {
      window.scrollTo(0, restoreScrollPosition);
      return;
    }
    const element = location.hash ? document.getElementById(idOf(location.hash)) : null;
    if (element) {
      element.scrollIntoView();
      return;
    }
    if (!preventScrollReset) window.scrollTo(0, 0);
  }, [location, restoreScrollPosition, preventScrollReset]);

  return null;
}
