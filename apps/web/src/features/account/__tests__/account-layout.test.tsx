import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope } from '@/testing/mock-api';
import { renderUi } from '@/testing/render-ui';
import { logIn, renderApp } from '@/testing/render-app';
import { AccountMenu } from '../components/account-menu';
import { activeMenuKey } from '../lib/account-menu';
import { DETAILS, accountApi } from './account-fixtures';

const LABELS = [
  'My profile',
  'My bookings',
  'Usage history',
  'Payment cards',
  'Change password',
  'Delete account',
];

const menu = () => screen.findByRole('navigation', { name: 'My account' });

describe('account layout', () => {
  it('greets the member by name: the stored names at once, then the profile', async () => {
    logIn();
    let answer: ((response: Response) => void) | undefined;
    accountApi({ '/account/my-details': () => new Promise<Response>((r) => (answer = r)) });
    renderApp('/account/cards');
    expect(await screen.findByText('Hello, Jane Doe')).toBeTruthy();

    // Answer only once the layout has asked (the greeting may show before it does).
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(envelope(DETAILS));
    expect(await screen.findByText('Hello, Ada Lovelace')).toBeTruthy();
    expect(screen.queryByText('Hello, Jane Doe')).toBeNull();
  });

  it('lists the menu keys in order and marks the page the member is on', async () => {
    logIn();
    accountApi();
    renderApp('/account/cards');
    const nav = await menu();
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(LABELS);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/account/profile',
      '/account/bookings',
      '/account/history',
      '/account/cards',
      '/account/password',
      '/account/delete-account',
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Cards' })).toBeTruthy();
    const current = links.filter((link) => link.hasAttribute('aria-current'));
    expect(current.map((link) => [link.textContent, link.getAttribute('aria-current')])).toEqual([
      ['Payment cards', 'page'],
    ]);
  });

  it('counts a booking detail page as My bookings', () => {
    expect(activeMenuKey('/account/bookings/detail')).toBe('bookings');
    expect(activeMenuKey('/account/bookings/ftdetail')).toBe('bookings');
    expect(activeMenuKey('/account/bookings')).toBe('bookings');
    expect(activeMenuKey('/account/delete-account')).toBe('delAccount');
    expect(activeMenuKey('/account/profile/')).toBe('profile');
    expect(activeMenuKey('/airport')).toBeUndefined();
  });

  it('marks My bookings as the section on a detail page', async () => {
    accountApi();
    renderUi(<AccountMenu />, '/account/bookings/detail?bookingId=AB12CD34');
    const nav = await menu();
    const bookings = within(nav).getByRole('link', { name: 'My bookings' });
    expect(bookings.getAttribute('aria-current')).toBe('true');
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((l) => l.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('opens the menu from its button on small screens and goes where a link says', async () => {
    logIn();
    accountApi();
    const { user, router } = renderApp('/account/cards');
    const nav = await menu();
    const toggle = within(nav).getByRole('button', { name: 'Account menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list?.tagName).toBe('UL');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(nav.classList.contains('account-menu--open')).toBe(true);
    await user.keyboard('{Tab}');
    expect(document.activeElement).toBe(within(nav).getByRole('link', { name: 'My profile' }));
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);

    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(nav).getByRole('link', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(
      within(nav).getByRole('link', { name: 'Change password' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it("moves focus to the new page's heading after a link from the open menu", async () => {
    logIn();
    accountApi();
    const { user, router } = renderApp('/account/cards');
    const nav = await menu();
    const toggle = within(nav).getByRole('button', { name: 'Account menu' });
    await user.click(toggle);
    await user.keyboard('{Tab}{Tab}{Tab}{Tab}{Tab}');
    const link = within(nav).getByRole('link', { name: 'Change password' });
    expect(document.activeElement).toBe(link);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/password'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Change Password' });
    expect(heading.id).toBe('page-title');
    // Not lost with the list that closes: on the heading, the first thing of the new page.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Focusable only while it has focus: the heading does not join the tab order.
    expect(heading.getAttribute('tabindex')).toBe('-1');
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(heading.hasAttribute('tabindex')).toBe(false);
  });

  it('closes the menu and focuses the heading when the link is the page itself', async () => {
    logIn();
    accountApi();
    const { user } = renderApp('/account/cards');
    const nav = await menu();
    const toggle = within(nav).getByRole('button', { name: 'Account menu' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment Cards' });
    await user.click(toggle);
    await user.click(within(nav).getByRole('link', { name: 'Payment cards' }));
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('leaves focus to the layout (the new page heading) for a link of the menu beside it', async () => {
    logIn();
    accountApi();
    const { user, router } = renderApp('/account/cards');
    const nav = await menu();
    // From 1024 px the list shows without the disclosure: the menu is not "open".
    await user.click(within(nav).getByRole('link', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/password'));
    const title = await screen.findByRole('heading', { level: 1, name: 'Change Password' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(title);
  });

  it('shows About with Discover to the airport search, and each page its own heading', async () => {
    logIn();
    accountApi();
    renderApp('/account/password');
    const about = await screen.findByRole('region', { name: 'About' });
    const discover = within(about).getByRole('link', { name: 'Discover' });
    expect(discover.getAttribute('href')).toBe('/airport');
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
