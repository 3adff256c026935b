import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from '@/shared/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/shared/config/paths';
import { membershipHandlers, mockApi } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { routes, unusedRouteModules } from '../routes';

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

/** Every path pattern of the built route table, with whether it sits behind the member guard. */
function tableOf(list: RouteObject[], member = false): [string, boolean][] {
  return list.flatMap((route) => [
    ...(route.path ? [[route.path, member] as [string, boolean]] : []),
    ...(route.index ? [['/', member] as [string, boolean]] : []),
    ...tableOf(route.children ?? [], member || route.id === 'member'),
  ]);
}

describe('route table built from paths', () => {
  const table = new Map(tableOf(routes));

  it('has a route for every path, member pages behind the guard', () => {
    const entries: { path: string; member?: boolean }[] = [];
    const collect = (node: object) => {
      if ('path' in node) entries.push(node as { path: string; member?: boolean });
      else Object.values(node).forEach(collect);
    };
    collect(paths);
    expect(entries.length).toBeGreaterThan(40);
    for (const entry of entries)
      expect([entry.path, table.get(entry.path)]).toEqual([entry.path, entry.member === true]);
    expect(table.get('*')).toBe(false);
  });

  it('reaches every route module from an entry of paths', () => {
    expect(unusedRouteModules()).toEqual([]);
  });
});

describe('routes', () => {
  it('opens public routes to visitors', async () => {
    mockApi();
    renderApp('/faqs');
    expect(await heading('Help & FAQs')).toBeTruthy();
  });

  it.each([
    ['/account/profile', '/login?redirect=%2Faccount%2Fprofile'],
    ['/support', '/login?redirect=%2Fsupport'],
    ['/airport?from=home', '/login?redirect=%2Fairport%3Ffrom%3Dhome'],
    ['/membership/list', '/login?redirect=%2Fmembership%2Flist'],
  ])('sends a visitor from %s to %s', async (from, to) => {
    mockApi();
    const { router } = renderApp(from);
    await heading('Log in');
    expect(router.state.location.pathname + router.state.location.search).toBe(to);
  });

  it('lets a member in', async () => {
    logIn();
    mockApi();
    renderApp('/account/profile');
    expect(await heading('My Profile')).toBeTruthy();
  });

  it.each([
    ['/membership', '/membership/overview', 'Membership'],
    ['/account', '/account/profile', 'My Profile'],
    ['/forgot-psw', '/forgot-psw/choose-Way', 'Forgotten Password'],
    ['/prebooking?code=LHR1', '/prebooking/detail?code=LHR1', 'Lounge Booking Details'],
    ['/cipprebooking', '/cipprebooking/detail', 'Fast Track Booking Details'],
  ])('redirects %s to %s', async (from, to, title) => {
    logIn();
    mockApi(membershipHandlers);
    const { router } = renderApp(from);
    expect(await heading(title)).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(to);
  });

  it.each([
    ['/membership/add', 'Add Membership'],
    ['/membership/list', 'All Memberships'],
    ['/membership/success', 'Payment Complete'],
    ['/membership/error', 'Purchase Unsuccessful'],
  ])('titles %s "%s"', async (url, title) => {
    logIn();
    mockApi(membershipHandlers);
    renderApp(url);
    expect(await heading(title)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${title} | Airport Lounges & Fast Track`));
  });

  it('shows the server-error dialog without a retry for an unknown path', async () => {
    mockApi();
    renderApp('/no-such-page');
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog.textContent).toContain('We could not find the page you asked for.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
  });

  it('shows the public home page with a register button for visitors only', async () => {
    mockApi();
    renderApp('/');
    await heading(/airport lounges/i);
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/sign-up');
  });

  it('hides the register button from members', async () => {
    logIn();
    mockApi();
    renderApp('/');
    await heading(/airport lounges/i);
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });
});
