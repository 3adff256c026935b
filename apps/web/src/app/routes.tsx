import { replace, type LoaderFunctionArgs, type RouteObject } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { requireAuthLoader } from './layout/require-auth';
import { RootError } from './layout/root-error';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { ShellLoading } from './layout/shell-loading';
import { page, type RouteModule } from './route-modules';

/** Every route module, loaded only when its page is opened (one chunk each). */
const routeModules = import.meta.glob<RouteModule>('./routes/**/*.tsx');

interface PathEntry {
  path: string;
  member?: boolean;
}
interface PathGroup {
  [key: string]: PathEntry | PathGroup;
}

const isEntry = (node: PathEntry | PathGroup): node is PathEntry => typeof node.path === 'string';

/** `fastTrackBookingDetail` -> `fast-track-booking-detail`: a key of `paths` as a file name. */
const fileName = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const routeModuleFile = (folders: string[], name: string) =>
  `./routes/${[...folders, name].join('/')}.tsx`;

const reached = new Set<string>();

const lazyModule = (file: string) => {
  reached.add(file);
  const importer = routeModules[file];
  if (!importer) throw new Error(`No route module ${file} for its entry in paths.ts`);
  return page(importer);
};

/** A parent path that shows its first child, keeping the query (e.g. ?code= on the booking flows). */
const redirectRoute = (path: string, to: string): RouteObject => ({
  path,
  loader: ({ request }: LoaderFunctionArgs) => replace(`${to}${new URL(request.url).search}`),
  Component: () => null,
});

interface BuiltRoutes {
  open: RouteObject[];
  member: RouteObject[];
}

/** The routes of one group of `paths` (and its subgroups), split by who may open them. */
function routesOf(group: PathGroup, folders: string[]): BuiltRoutes {
  const built: BuiltRoutes = { open: [], member: [] };
  const pages: BuiltRoutes = { open: [], member: [] };
  const entries = Object.entries(group);
  const firstPage = entries
    .filter(([key]) => key !== 'root')
    .map(([, node]) => node)
    .find(isEntry);
  for (const [key, node] of entries) {
    if (!isEntry(node)) {
      const inner = routesOf(node, [...folders, fileName(key)]);
      built.open.push(...inner.open);
      built.member.push(...inner.member);
      continue;
    }
    const side = node.member ? 'member' : 'open';
    if (key === 'root' && firstPage) built[side].push(redirectRoute(node.path, firstPage.path));
    else {
      const lazy = lazyModule(routeModuleFile(folders, fileName(key)));
      pages[side].push(node.path === '/' ? { index: true, lazy } : { path: node.path, lazy });
    }
  }
  const layoutFile = routeModuleFile(folders, 'layout');
  for (const side of ['open', 'member'] as const) {
    if (pages[side].length === 0) continue;
    // The pages of a folder with a layout share it (the account's greeting, menu and About).
    if (folders.length > 0 && routeModules[layoutFile]) {
      built[side].push({ lazy: lazyModule(layoutFile), children: pages[side] });
    } else built[side].push(...pages[side]);
  }
  return built;
}

const pages = routesOf(paths, []);

/** Every route of spec section 2, built from `paths`; member routes sit behind the guard (section 6). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootError,
    // The shell appears with the first page, already at its final (redirected) address; until
    // then, the cookie banner and the loading bar.
    HydrateFallback: ShellLoading,
    children: [
      {
        id: 'content',
        ErrorBoundary: RouteError,
        children: [
          ...pages.open,
          {
            id: 'member',
            loader: requireAuthLoader,
            children: pages.member,
          },
          { path: '*', lazy: lazyModule('./routes/not-found.tsx') },
        ],
      },
    ],
  },
];

/** The route modules no entry of `paths` reaches (a test keeps this empty). */
export const unusedRouteModules = (): string[] =>
  Object.keys(routeModules).filter((file) => !reached.has(file));
