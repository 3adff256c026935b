import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, mockApi } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { storage } from '@/shared/storage/storage';

describe('header', () => {
  it('shows the main navigation and Log In to visitors', async () => {
    mockApi();
    renderApp('/faqs');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Airports', 'Membership', 'Help & FAQs', 'Log In']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).queryByRole('button', { name: /account menu/i })).toBeNull();
  });

  it('shows the initials menu to members, with My Account, Bookings and Log Out', async () => {
    logIn();
    mockApi();
    const { user, router } = renderApp('/account/profile');
    const trigger = await screen.findByRole('button', { name: /JD Account menu for Jane Doe/ });
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My Account' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Bookings' })).toBeTruthy();

    await user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(storage.get('isLogin')).toBeUndefined();
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeTruthy();
  });

  it('is hidden when the URL has acceptLang', async () => {
    mockApi();
    renderApp('/faqs?acceptLang=en');
    await screen.findByRole('heading', { level: 1, name: 'Help & FAQs' });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('keeps the logo but hides navigation in support mode', async () => {
    mockApi();
    renderApp('/faqs?isGlobalSupport=1');
    await screen.findByRole('heading', { level: 1, name: 'Help & FAQs' });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("names the home link by the brand's bank, and no bank in the default brand (issue 60)", async () => {
    mockApi();
    const { unmount } = renderApp('/faqs');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: /^Airport lounges: home/ })).toBeTruthy();
    expect(banner.textContent).not.toContain('your bank');
    unmount();
    storage.set('issuer', 'natwest');
    renderApp('/faqs');
    expect(
      await within(await screen.findByRole('banner')).findByRole('link', {
        name: /^NatWest airport lounges: home/,
      }),
    ).toBeTruthy();
  });

  it('offers a skip link to the main content', async () => {
    mockApi();
    renderApp('/faqs');
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip.getAttribute('href')).toBe('#main-content');
    expect(screen.getByRole('main').id).toBe('main-content');
  });
});

describe('footer', () => {
  it("names the issuer's bank in the legal text", async () => {
    storage.set('issuer', 'coop');
    mockApi();
    renderApp('/faqs');
    const footer = await screen.findByRole('contentinfo');
    expect(footer.textContent).toContain(
      'This programme is managed on behalf of The Co-operative Bank by Lounge Access Services Ltd and Insurer Services Ltd.',
    );
  });

  it("links the issuer's first terms document in a new tab", async () => {
    storage.set('issuer', 'natwest');
    const fetchMock = mockApi({
      '/tc/link': () =>
        envelope([
          { cardType: 'black', url: 'https://example.com/black.pdf', text: 'Black' },
          { cardType: 'gold', url: 'https://example.com/gold.pdf', text: 'Gold' },
        ]),
    });
    renderApp('/faqs');
    const link = await screen.findByRole('link', {
      name: 'Terms and Conditions (opens in a new tab)',
    });
    expect(link.getAttribute('href')).toBe('https://example.com/black.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"channel":"natwest"}');
  });

  it('sends visitors to log in for membership', async () => {
    mockApi();
    renderApp('/faqs');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Membership' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fmembership%2Foverview',
    );
  });
});
