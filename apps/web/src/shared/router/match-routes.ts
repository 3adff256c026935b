import type { ComponentType, ReactNode } from 'react';

export type Params = Record<string, string | undefined>;

/** What a loader may answer: go elsewhere instead (`replace(url)`), or carry on (null). */
export interface Redirect {
  readonly redirectTo: string;
  /** The redirect takes the place of the entry the navigation started from. */
  readonly replace: boolean;
}

export interface LoaderFunctionArgs {
  request: { url: string };
  params: Params;
}

/** The page module a lazy route loads. */
export interface LazyRoute {
  Component: ComponentType;
}

export interface RouteObject {
  id?: string;
  /** Absolute, or relative to the parent's path; `:name` for a segment, `*` for the rest. */
  path?: string;
  index?: boolean;
  Component?: ComponentType | null;
  element?: ReactNode;
  /** Shown in place of this route and below when it or a child fails to load or render. */
  ErrorBoundary?: ComponentType;
  /** Shown instead of everything until the first page is ready. */
  HydrateFallback?: ComponentType;
  /** Loads the page's code: the navigation waits for it, the old page staying on screen. */
  lazy?: () => Promise<LazyRoute>;
  /** Runs before each navigation to this route commits (member checks, redirects). */
  loader?: (args: LoaderFunctionArgs) => Redirect | null | Promise<Redirect | null>;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject & { id: string };
  params: Params;
  pathname: string;
}

interface Branch {
  /** A path without parameters, compared as it is (lower case, no trailing slash). */
  exact: string | null;
  /** A path with parameters or the catch-all, matched by its pattern. */
  pattern: RegExp | null;
  names: string[];
  routes: (RouteObject & { id: string })[];
  score: number;
}

const PARAM = /^:[\w-]+$/;

/** React Router's ranking: static segments before parameters before the catch-all. */
function scoreOf(path: string, index: boolean): number {
  const segments = path.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments.filter((s) => s !== '*'))
    score += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  return score;
}

const plain = (path: string) => path.replace(/\/+$/, '').toLowerCase();

function compile(path: string): Pick<Branch, 'exact' | 'pattern' | 'names'> {
  if (!/[:*]/.test(path)) return { exact: plain(path), pattern: null, names: [] };
  const names: string[] = [];
  const splat = path.endsWith('*');
  const body = `/${path.replace(/\/*\*?$/, '').replace(/^\/*/, '')}`
    .replace(/[.+^${}|()[\]\\]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    });
  let source = body === '/' ? '' : body;
  if (splat) {
    names.push('*');
    source += '(?:\\/(.*))?\\/*$';
  } else source += '\\/*$';
  return { exact: null, pattern: new RegExp(`^${source}`, 'i'), names };
}

const joinPaths = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/+$/, '')}/${path}`;

/** Gives every route an id (its place in the tree, as React Router does) where it has none. */
function assignIds(
  routes: RouteObject[],
  parentId = '',
): asserts routes is (RouteObject & {
  id: string;
})[] {
  routes.forEach((route, i) => {
    route.id ??= parentId ? `${parentId}-${i}` : String(i);
    if (route.children) assignIds(route.children, route.id);
  });
}

/** Every route reachable by a path, with its parents, best first. */
export function rankBranches(routes: RouteObject[]): Branch[] {
  assignIds(routes);
  const branches: (Branch & { order: number })[] = [];
  const walk = (
    list: (RouteObject & { id: string })[],
    parents: Branch['routes'],
    base: string,
  ) => {
    for (const route of list) {
      const path = route.path === undefined ? base : joinPaths(base, route.path);
      const chain = [...parents, route];
      if (route.children) walk(route.children as Branch['routes'], chain, path);
      if (route.path !== undefined || route.index) {
        const full = path || '/';
        branches.push({
          ...compile(full),
          routes: chain,
          score: scoreOf(full, route.index === true),
          order: branches.length,
        });
      }
    }
  };
  walk(routes, [], '');
  return branches.sort((a, b) => b.score - a.score || a.order - b.order);
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The routes that show `pathname`, outermost first, or null when none does. */
export function matchRoutes(branches: Branch[], pathname: string): RouteMatch[] | null {
  const asIs = plain(pathname);
  for (const branch of branches) {
    const found = branch.pattern ? branch.pattern.exec(pathname) : null;
    if (!found && branch.exact !== asIs) continue;
    const params: Params = {};
    branch.names.forEach((name, i) => {
      const value = found?.[i + 1];
      params[name] = value === undefined ? (name === '*' ? '' : undefined) : decode(value);
    });
    return branch.routes.map((route) => ({ route, params, pathname }));
  }
  return null;
}
