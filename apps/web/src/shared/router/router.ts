import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  resolvePath,
  type Action,
  type History,
  type Location,
  type Path,
} from './history';
import {
  matchRoutes,
  rankBranches,
  type Redirect,
  type RouteMatch,
  type RouteObject,
} from './match-routes';

/** A navigation on its way: the page it goes to is loading (its code, its checks). */
export type Navigation =
  { state: 'idle'; location?: undefined } | { state: 'loading'; location: Location };

export interface RouterState {
  location: Location;
  historyAction: Action;
  matches: RouteMatch[];
  /** False until the first page is ready (its code loaded, its checks passed). */
  initialized: boolean;
  navigation: Navigation;
  /** A route's failure to load, by the id of the route whose ErrorBoundary shows it. */
  errors: Record<string, unknown> | null;
  /** Where to scroll once the page shows: a kept position (back/forward), or null (top or #hash). */
  restoreScrollPosition: number | false | null;
  preventScrollReset: boolean;
}

/** Where to go: a URL (absolute, `?query`, relative) or its parts (the rest from the current URL). */
export type To = string | Partial<Path>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

/** What a route answers for a path no route shows (there is a catch-all route in the portal). */
export class ErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {}
}

export const isRouteErrorResponse = (error: unknown): error is ErrorResponse =>
  error instanceof ErrorResponse;

/** A loader's answer: go to `to` instead, in place of the entry the navigation started from. */
export const replace = (to: string): Redirect => ({ redirectTo: to, replace: true });

const isRedirect = (value: unknown): value is Redirect =>
  typeof value === 'object' && value !== null && 'redirectTo' in value;

export type ScrollKey = (location: Location, matches: RouteMatch[]) => string;

const prefixed = (part: string | undefined, mark: string) =>
  !part || part === mark ? '' : part.startsWith(mark) ? part : `${mark}${part}`;

/** `{ pathname, search, hash }` as React Router reads it: search and hash with or without ? and #. */
const pathOf = (to: Partial<Path>, from: Path): Path => ({
  pathname: to.pathname ?? from.pathname,
  search: prefixed(to.search, '?'),
  hash: prefixed(to.hash, '#'),
});

const IDLE: Navigation = { state: 'idle' };

/**
 * The portal's router: the URL decides the routes shown; a navigation loads the routes' code and
 * runs their loaders before it commits, so the old page stays until the new one can show (with
 * the loading bar meanwhile), and a loader's redirect never shows the page it turned away from.
 * Scroll positions are kept per history entry for back/forward (ScrollRestoration).
 */
export function createRouter(routes: RouteObject[], history: History) {
  const branches = rankBranches(routes);
  const root = routes[0];
  const listeners = new Set<(state: RouterState) => void>();
  const loading = new WeakMap<RouteObject, Promise<void>>();
  let latest = 0;
  let scroll: { positions: Record<string, number>; y: () => number; key?: ScrollKey } | null = null;
  let initialScrollRestored = false;

  let state: RouterState = {
    location: history.location,
    historyAction: 'POP',
    matches: matchRoutes(branches, history.location.pathname) ?? [],
    initialized: false,
    navigation: IDLE,
    errors: null,
    restoreScrollPosition: null,
    preventScrollReset: false,
  };

  const update = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  };

  const scrollKeyOf = (location: Location, matches: RouteMatch[]) =>
    scroll?.key?.(location, matches) ?? location.key;
  const savedScroll = (location: Location, matches: RouteMatch[]): number | null => {
    const y = scroll?.positions[scrollKeyOf(location, matches)];
    return typeof y === 'number' ? y : null;
  };

  const loadLazy = (route: RouteObject): Promise<void> => {
    const lazy = route.lazy;
    if (!lazy) return Promise.resolve();
    let pending = loading.get(route);
    if (!pending) {
      pending = lazy().then(
        (module) => {
          route.Component = module.Component;
          route.lazy = undefined;
        },
        (error: unknown) => {
          loading.delete(route);
          throw error;
        },
      );
      loading.set(route, pending);
    }
    return pending;
  };

  /** The route whose ErrorBoundary shows a failure of the route at `index` (or the root's). */
  const boundaryOf = (matches: RouteMatch[], index: number): string => {
    for (let i = index; i >= 0; i--)
      if (matches[i]!.route.ErrorBoundary) return matches[i]!.route.id;
    return matches[0]?.route.id ?? root?.id ?? '0';
  };

  /** Shows the navigation's page: its entry made (PUSH, REPLACE), the state updated. */
  function commit(
    action: Action,
    target: Location,
    matches: RouteMatch[],
    errors: RouterState['errors'],
    options: NavigateOptions,
  ) {
    let location = target;
    if (action === 'PUSH') location = history.push(target, target.state);
    else if (action === 'REPLACE') location = history.replace(target, target.state);
    update({
      location,
      historyAction: action,
      matches,
      initialized: true,
      navigation: IDLE,
      errors,
      restoreScrollPosition: savedScroll(location, matches),
      preventScrollReset: options.preventScrollReset === true,
    });
  }

  /**
   * Loads what the matched routes need, then commits unless overtaken. The routes' code loads
   * while their loaders run, as React Router's does (a member page's code no longer waits for
   * the session check: issue 23); a loader's redirect leaves it loaded for later.
   */
  async function load(
    id: number,
    action: Action,
    target: Location,
    matches: RouteMatch[],
    options: NavigateOptions,
  ): Promise<void> {
    const href = new URL(createPath(target), window.location.origin).href;
    const code = matches.map((m, i) =>
      loadLazy(m.route).then(
        () => null,
        (error: unknown) => ({ i, error }),
      ),
    );
    let errors: RouterState['errors'] = null;
    let at = 0;
    try {
      for (; at < matches.length; at++) {
        const match = matches[at]!;
        if (!match.route.loader) continue;
        const answer = await match.route.loader({ request: { url: href }, params: match.params });
        if (id !== latest) return;
        if (isRedirect(answer)) {
          const to = resolvePath(answer.redirectTo, target);
          return navigateTo(answer.replace || action !== 'PUSH' ? 'REPLACE' : 'PUSH', to, {});
        }
      }
    } catch (error) {
      errors = { [boundaryOf(matches, at)]: error };
    }
    if (!errors) {
      const failures = await Promise.all(code);
      const failed = failures.find((f) => f !== null);
      if (failed) errors = { [boundaryOf(matches, failed.i)]: failed.error };
    }
    if (id === latest) commit(action, target, matches, errors, options);
  }

  /** A navigation with nothing to load commits at once (as React Router's), else after loading. */
  function navigateTo(
    action: Action,
    path: Location | Path,
    options: NavigateOptions,
  ): Promise<void> {
    const id = ++latest;
    if (state.initialized && state.navigation.state === 'idle' && scroll)
      scroll.positions[scrollKeyOf(state.location, state.matches)] = scroll.y();
    const target: Location =
      action === 'POP' ? (path as Location) : { ...path, state: options.state ?? null, key: '' };
    const matches = matchRoutes(branches, target.pathname);
    if (!matches) {
      commit(
        action,
        target,
        [],
        { [root?.id ?? '0']: new ErrorResponse(404, 'Not Found', null) },
        options,
      );
      return Promise.resolve();
    }
    if (!matches.some((m) => m.route.lazy || m.route.loader)) {
      commit(action, target, matches, null, options);
      return Promise.resolve();
    }
    if (state.initialized) update({ navigation: { state: 'loading', location: target } });
    return load(id, action, target, matches, options);
  }

  const stopListening = history.listen(() => void navigateTo('POP', history.location, {}));

  return {
    get state() {
      return state;
    },
    routes,
    subscribe(listener: (state: RouterState) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A path (absolute, `?query`, relative) or a step back/forward in the history. */
    navigate(to: To | number, options: NavigateOptions = {}): Promise<void> {
      if (typeof to === 'number') {
        history.go(to);
        return Promise.resolve();
      }
      const path =
        typeof to === 'string' ? resolvePath(to, state.location) : pathOf(to, state.location);
      return navigateTo(options.replace ? 'REPLACE' : 'PUSH', path, options);
    },
    /** Keeps scroll positions in `positions` (by `key`) as the reader leaves each entry. */
    enableScrollRestoration(
      positions: Record<string, number>,
      y: () => number,
      key?: ScrollKey,
    ): () => void {
      scroll = { positions, y, key };
      if (!initialScrollRestored && state.initialized && state.navigation.state === 'idle') {
        initialScrollRestored = true;
        const saved = savedScroll(state.location, state.matches);
        if (saved !== null) update({ restoreScrollPosition: saved });
      }
      return () => {
        scroll = null;
      };
    },
    /** Loads the first page, unless a navigation (a link followed meanwhile) already has. */
    initialize() {
      if (latest === 0) void navigateTo('POP', history.location, {});
      return this;
    },
    dispose() {
      stopListening();
      listeners.clear();
    },
  };
}

export type Router = ReturnType<typeof createRouter>;

/**
 * The browser's router. `start` decides when the first page begins to load (its code, its
 * loaders): at once unless given, e.g. once the first screen is painted (app/router.tsx).
 */
export function createBrowserRouter(
  routes: RouteObject[],
  { start }: { start?: (load: () => void) => void } = {},
): Router {
  const router = createRouter(routes, createBrowserHistory());
  if (start) start(() => router.initialize());
  else router.initialize();
  return router;
}

export const createMemoryRouter = (
  routes: RouteObject[],
  options: { initialEntries?: string[]; initialIndex?: number } = {},
): Router =>
  createRouter(
    routes,
    createMemoryHistory(options.initialEntries, options.initialIndex),
  ).initialize();
