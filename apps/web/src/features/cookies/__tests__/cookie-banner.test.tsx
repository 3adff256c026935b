import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveConsent } from '@/shared/analytics/consent';
import { storage } from '@/shared/storage/storage';
import { mockApi } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { dialogsClosed } from '@/testing/dialogs';

const banner = () => screen.findByRole('region', { name: 'Cookies on this website' });
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

/**
 * The FAQs page once it has come: the first load shows a banner of its own until then
 * (shell-loading.tsx), which the page's replaces.
 */
async function faqsPage() {
  const rendered = renderApp('/faqs');
  await heading('Help & FAQs');
  return rendered;
}

describe('cookie banner', () => {
  it('accept all stores consent with analytics and hides the banner', async () => {
    mockApi();
    const { user } = await faqsPage();
    const region = await banner();
    await user.click(within(region).getByRole('button', { name: 'Accept all cookies' }));
    expect(screen.queryByRole('region', { name: 'Cookies on this website' })).toBeNull();
    expect(storage.get('COOKBANNER')).toMatchObject({ consent: 'accepted', analytics: true });
  });

  it('only necessary stores a decline and hides the banner', async () => {
    mockApi();
    const { user } = await faqsPage();
    await user.click(
      within(await banner()).getByRole('button', { name: 'Only necessary cookies' }),
    );
    expect(screen.queryByRole('region', { name: 'Cookies on this website' })).toBeNull();
    expect(storage.get('COOKBANNER')).toMatchObject({ consent: 'declined', analytics: false });
  });

  it('manage opens the preferences with an analytics switch, and saves the choice', async () => {
    mockApi();
    const { user } = await faqsPage();
    await user.click(within(await banner()).getByRole('button', { name: 'Manage cookies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    const analytics = within(dialog).getByRole('switch', { name: 'Analytics cookies' });
    expect(analytics.getAttribute('aria-checked')).toBe('false');
    await user.click(analytics);
    expect(analytics.getAttribute('aria-checked')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Save preferences' }));

    await dialogsClosed();
    expect(screen.queryByRole('region', { name: 'Cookies on this website' })).toBeNull();
    expect(storage.get('COOKBANNER')).toMatchObject({ consent: 'accepted', analytics: true });
  });

  it('keeps asking when the preferences are cancelled', async () => {
    mockApi();
    const { user } = await faqsPage();
    await user.click(within(await banner()).getByRole('button', { name: 'Manage cookies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await banner()).toBeTruthy();
    expect(storage.get('COOKBANNER')).toBeUndefined();
  });

  it('stays hidden while a decision holds, and asks again once it has expired', async () => {
    mockApi();
    saveConsent(false);
    const first = await faqsPage();
    await heading('Help & FAQs');
    expect(screen.queryByRole('region', { name: 'Cookies on this website' })).toBeNull();
    first.unmount();

    storage.set('COOKBANNER', { consent: 'accepted', analytics: true, expiresAt: Date.now() - 1 });
    await faqsPage();
    expect(await banner()).toBeTruthy();
  });

  it.each([
    ['/cookie-policy', 'Cookie Policy'],
    ['/faqs?acceptLang=en-GB', 'Help & FAQs'],
    ['/support', 'Support'],
  ])('does not show on %s', async (url, title) => {
    logIn();
    mockApi();
    renderApp(url);
    await heading(title);
    expect(screen.queryByRole('region', { name: 'Cookies on this website' })).toBeNull();
  });

  it('can be changed later from Cookie settings in the footer, focus back on the link', async () => {
    saveConsent(false);
    mockApi();
    const { user } = await faqsPage();
    await heading('Help & FAQs');
    expect(screen.queryByRole('region', { name: 'Cookies on this website' })).toBeNull();
    const footer = screen.getByRole('contentinfo');
    const settings = within(footer).getByRole('button', { name: 'Cookie settings' });
    await user.click(settings);
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    expect(dialog.textContent).toContain('from Cookie settings at the foot of every page');
    expect(dialog.textContent).not.toContain('clearing cookies');
    const analytics = within(dialog).getByRole('switch', { name: 'Analytics cookies' });
    expect(analytics.getAttribute('aria-checked')).toBe('false');
    await user.click(analytics);
    await user.click(within(dialog).getByRole('button', { name: 'Save preferences' }));
    await dialogsClosed();
    expect(storage.get('COOKBANNER')).toMatchObject({ consent: 'accepted', analytics: true });
    expect(document.activeElement).toBe(settings);
  });

  it('offers Cookie settings on a closed channel too, where the footer has no links', async () => {
    storage.set('issuer', 'vm');
    mockApi();
    renderApp('/');
    await heading('Customer notice');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('navigation')).toBeNull();
    expect(within(footer).getByRole('button', { name: 'Cookie settings' })).toBeTruthy();
  });
});
