import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  replace,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
  type LazyRoute,
  type RouteObject,
} from '..';
import { matchRoutes, rankBranches } from '../match-routes';

const page = (name: string) => () => <h1>{name}</h1>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const show = (routes: RouteObject[], url = '/') => {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
};

const url = (router: ReturnType<typeof createMemoryRouter>) =>
  router.state.location.pathname + router.state.location.search;

describe('route matching', () => {
  const matched = (routes: RouteObject[], pathname: string) =>
    matchRoutes(rankBranches(routes), pathname)?.map((m) => m.route.id);

  it('prefers static segments to parameters, and both to the catch-all, whatever their order', () => {
    const routes: RouteObject[] = [
      { id: 'any', path: '*' },
      { id: 'param', path: '/faqs/:id' },
      { id: 'static', path: '/faqs/detail' },
    ];
    expect(matched(routes, '/faqs/detail')).toEqual(['static']);
    expect(matched(routes, '/faqs/42')).toEqual(['param']);
    expect(matched(routes, '/nothing/here')).toEqual(['any']);
  });

  it('ignores case and trailing slashes, and decodes parameters', () => {
    const routes: RouteObject[] = [{ id: 'code', path: '/create-psw/:type/:uuid' }];
    const [match] = matchRoutes(rankBranches(routes), '/CREATE-psw/e%20mail/a%2Fb/')!;
    expect(match!.params).toEqual({ type: 'e mail', uuid: 'a/b' });
    expect(matched(routes, '/create-psw/email')).toBeUndefined();
  });

  it('matches an index route at its parent path, under pathless layouts', () => {
    const routes: RouteObject[] = [
      {
        id: 'root',
        children: [
          { id: 'home', index: true },
          { id: 'login', path: '/login' },
        ],
      },
    ];
    expect(matched(routes, '/')).toEqual(['root', 'home']);
    expect(matched(routes, '/login')).toEqual(['root', 'login']);
  });

  it('gives routes without an id one from their place in the tree', () => {
    const routes: RouteObject[] = [{ children: [{ path: '/a' }, { path: '/b' }] }];
    expect(matched(routes, '/b')).toEqual(['0', '0-1']);
  });
});

describe('navigations', () => {
  it('shows a page with nothing to load at once', () => {
    show([{ path: '*', Component: page('Now') }]);
    expect(screen.getByRole('heading', { name: 'Now' })).toBeTruthy();
  });

  it('keeps the old page, marked loading, until the new page’s code arrives', async () => {
    const code = deferred<LazyRoute>();
    function Busy() {
      return <p>{useNavigation().state}</p>;
    }
    const router = show([
      {
        Component: () => (
          <>
            <Busy />
            <Outlet />
          </>
        ),
        children: [
          { index: true, Component: page('Home') },
          { path: '/later', lazy: () => code.promise },
        ],
      },
    ]);
    act(() => {
      void router.navigate('/later');
    });
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      code.resolve({ Component: page('Later') });
      await code.promise;
    });
    expect(await screen.findByRole('heading', { name: 'Later' })).toBeTruthy();
    expect(screen.getByText('idle')).toBeTruthy();
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('loads a route’s code while its parent’s loader runs, and shows it once both are done', async () => {
    const check = deferred<null>();
    const code = deferred<{ Component: () => ReactNode }>();
    const lazy = vi.fn(() => code.promise);
    const router = show([
      { path: '/', Component: page('Home') },
      { loader: () => check.promise, children: [{ path: '/member', lazy }] },
    ]);
    act(() => {
      void router.navigate('/member');
    });
    expect(lazy).toHaveBeenCalledTimes(1);
    await act(async () => {
      code.resolve({ Component: page('Member') });
      await code.promise;
    });
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    await act(async () => {
      check.resolve(null);
      await check.promise;
    });
    expect(await screen.findByRole('heading', { name: 'Member' })).toBeTruthy();
  });

  it('follows a loader’s redirect in place of the entry the navigation started from', async () => {
    const router = show([
      { path: '/', Component: page('Home') },
      { path: '/login', Component: page('Log in') },
      {
        path: '/private',
        loader: () => replace('/login?redirect=%2Fprivate'),
        Component: page('No'),
      },
    ]);
    await act(() => router.navigate('/private'));
    expect(url(router)).toBe('/login?redirect=%2Fprivate');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No' })).toBeNull();
  });

  it('lets a later navigation overtake one still loading', async () => {
    const slow = deferred<LazyRoute>();
    const router = show([
      { path: '/', Component: page('Home') },
      { path: '/slow', lazy: () => slow.promise },
      { path: '/fast', Component: page('Fast') },
    ]);
    await act(async () => {
      void router.navigate('/slow');
      await router.navigate('/fast');
    });
    await act(async () => {
      slow.resolve({ Component: page('Slow') });
      await slow.promise;
    });
    expect(url(router)).toBe('/fast');
    expect(screen.getByRole('heading', { name: 'Fast' })).toBeTruthy();
  });

  it('shows the nearest ErrorBoundary when a page’s code fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Failure() {
      return <p role="alert">{(useRouteError() as Error).message}</p>;
    }
    const router = show([
      {
        Component: () => (
          <main>
            <Outlet />
          </main>
        ),
        children: [
          {
            ErrorBoundary: Failure,
            children: [
              { path: '/', Component: page('Home') },
              { path: '/broken', lazy: () => Promise.reject(new Error('chunk gone')) },
            ],
          },
        ],
      },
    ]);
    await act(() => router.navigate('/broken'));
    expect(screen.getByRole('alert').textContent).toBe('chunk gone');
    // The layout above the boundary stays.
    expect(screen.getByRole('main')).toBeTruthy();
    await act(() => router.navigate('/'));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('shows the ErrorBoundary for a page that throws while rendering, until the URL changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Throws = (): ReactNode => {
      throw new Error('render failed');
    };
    const router = show([
      {
        ErrorBoundary: () => <p role="alert">{(useRouteError() as Error).message}</p>,
        children: [
          { path: '/', Component: page('Home') },
          { path: '/throws', Component: Throws },
        ],
      },
    ]);
    await act(() => router.navigate('/throws'));
    expect(screen.getByRole('alert').textContent).toBe('render failed');
    await act(() => router.navigate('/'));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('shows the HydrateFallback until the first page is ready', async () => {
    const code = deferred<LazyRoute>();
    show([
      {
        HydrateFallback: () => <p>Loading the page…</p>,
        children: [{ path: '/', lazy: () => code.promise }],
      },
    ]);
    expect(screen.getByText('Loading the page…')).toBeTruthy();
    await act(async () => {
      code.resolve({ Component: page('Home') });
      await code.promise;
    });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('starts the first page loading when the browser router is told to, not before', async () => {
    const lazy = vi.fn(() => Promise.resolve<LazyRoute>({ Component: page('Home') }));
    let start: (() => void) | undefined;
    const router = createBrowserRouter(
      [{ HydrateFallback: () => <p>Loading the page…</p>, children: [{ path: '/', lazy }] }],
      { start: (load) => (start = load) },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Loading the page…')).toBeTruthy();
    expect(lazy).not.toHaveBeenCalled();
    act(() => start!());
    expect(lazy).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    router.dispose();
  });

  it('leaves the first load to a navigation made before it starts (a link followed meanwhile)', async () => {
    const home = vi.fn(() => Promise.resolve<LazyRoute>({ Component: page('Home') }));
    let start: (() => void) | undefined;
    const router = createBrowserRouter(
      [
        {
          HydrateFallback: () => <p>Loading the page…</p>,
          children: [
            { path: '/', lazy: home },
            { path: '/faqs', Component: page('FAQs') },
          ],
        },
      ],
      { start: (load) => (start = load) },
    );
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/faqs'));
    act(() => start!());
    expect(home).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'FAQs' })).toBeTruthy();
    expect(url(router)).toBe('/faqs');
    router.dispose();
    window.history.replaceState(null, '', '/');
  });

  it('reads the parameters of the route shown', () => {
    function Code() {
      return <h1>{useParams().uuid}</h1>;
    }
    show([{ path: '/regist/result/:uuid', Component: Code }], '/regist/result/abc');
    expect(screen.getByRole('heading', { name: 'abc' })).toBeTruthy();
  });
});

describe('links', () => {
  const layout = (ui: ReactNode) => [
    {
      Component: () => (
        <>
          {ui}
          <Outlet />
        </>
      ),
      children: [
        { path: '/', Component: page('Home') },
        { path: '/faqs', Component: page('FAQs') },
        { path: '/faqs/detail', Component: page('Detail') },
      ],
    },
  ];

  it('follows a plain click without a page load, and leaves a modified click to the browser', () => {
    const router = show(layout(<Link to="/faqs">FAQs</Link>));
    const link = screen.getByRole('link', { name: 'FAQs' });
    expect(link.getAttribute('href')).toBe('/faqs');
    // What the browser would do with a ctrl-click is its own (the test stops it after looking).
    const prevented: boolean[] = [];
    document.addEventListener(
      'click',
      (event) => {
        prevented.push(event.defaultPrevented);
        event.preventDefault();
      },
      { once: true },
    );
    fireEvent.click(link, { ctrlKey: true });
    expect(prevented).toEqual([false]);
    expect(url(router)).toBe('/');
    act(() => {
      fireEvent.click(link);
    });
    expect(url(router)).toBe('/faqs');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replaces the entry when the link goes to the page shown', () => {
    const router = show(layout(<Link to="/faqs">FAQs</Link>), '/faqs');
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'FAQs' }));
    });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('marks a NavLink current on its page and the pages below it', () => {
    show(layout(<NavLink to="/faqs">Help</NavLink>), '/faqs/detail');
    const link = screen.getByRole('link', { name: 'Help' });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(link.className).toBe('active');
  });

  it('leaves a NavLink unmarked elsewhere', () => {
    show(
      layout(
        <NavLink to="/faqs" className="nav">
          Help
        </NavLink>,
      ),
      '/',
    );
    const link = screen.getByRole('link', { name: 'Help' });
    expect(link.getAttribute('aria-current')).toBeNull();
    expect(link.className).toBe('nav');
  });

  it('changes the query of the page shown with useSearchParams', () => {
    function Tabs() {
      const [params, setParams] = useSearchParams();
      const { pathname } = useLocation();
      return (
        <button type="button" onClick={() => setParams({ tab: 'dining' }, { replace: true })}>
          {pathname} {params.get('tab') ?? 'none'}
        </button>
      );
    }
    const router = show(layout(<Tabs />), '/faqs?tab=lounges');
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('/faqs lounges');
    act(() => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe('/faqs dining');
    expect(url(router)).toBe('/faqs?tab=dining');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends the visitor on with Navigate', async () => {
    const router = show([
      { path: '/', Component: () => <Navigate to="/login" replace /> },
      { path: '/login', Component: page('Log in') },
    ]);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('scroll restoration', () => {
  const routes: RouteObject[] = [
    {
      Component: () => (
        <>
          <Outlet />
          <ScrollRestoration storageKey="test-scroll" />
        </>
      ),
      children: [
        { path: '/', Component: page('Home') },
        { path: '/next', Component: page('Next') },
      ],
    },
  ];

  it('goes to the top of a new page and back to where the reader was on back', () => {
    const scrollTo = vi.mocked(window.scrollTo);
    const router = show(routes);
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    scrollTo.mockClear();
    act(() => {
      void router.navigate('/next');
    });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    act(() => {
      void router.navigate(-1);
    });
    expect(url(router)).toBe('/');
    expect(router.state.historyAction).toBe('POP');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('keeps the positions for the tab when the page is left', () => {
    const router = show(routes);
    Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
    window.dispatchEvent(new Event('pagehide'));
    const saved = JSON.parse(sessionStorage.getItem('test-scroll') ?? '{}') as Record<
      string,
      number
    >;
    expect(saved[router.state.location.key]).toBe(120);
  });
});
