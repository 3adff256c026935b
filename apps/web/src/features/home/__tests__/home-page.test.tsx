import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { envelope, mockApi, quietAgentConfig } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { dialogsClosed } from '@/testing/dialogs';

const visaNotice = {
  id: 'visa-service',
  title: 'Important notice',
  text: 'Visa information is provided by an independent third-party service.',
  link: { url: '/sherpa', text: 'Visa information' },
};

const config = {
  ...quietAgentConfig,
  notices: [visaNotice],
  appStore: { apple: 'https://apps.example/ios', google: 'https://apps.example/android' },
};

describe('home page', () => {
  it('shows the important notice once, and remembers it was read', async () => {
    mockApi({ '/index/agent-config/v3': () => envelope(config) });
    const first = renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Important notice' });
    expect(dialog.textContent).toContain('independent third-party service');
    await first.user.click(within(dialog).getByRole('button', { name: 'I understand' }));
    await dialogsClosed();
    expect(storage.get('noticesSeen')).toEqual(['visa-service']);
    first.unmount();

    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /airport lounges/i });
    await screen.findByRole('link', { name: /Download on the App Store/ });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the notice alone first, focus on its button; the cookie banner after it', async () => {
    mockApi({ '/index/agent-config/v3': () => envelope(config) });
    const { user } = renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Important notice' });
    // Enter closes the notice; it does not follow the link away from the site (issue 21).
    const dismiss = within(dialog).getByRole('button', { name: 'I understand' });
    await waitFor(() => expect(document.activeElement).toBe(dismiss));
    expect(screen.queryByRole('region', { name: 'Cookies on this website' })).toBeNull();
    await user.keyboard('{Enter}');
    await dialogsClosed();
    expect(await screen.findByRole('region', { name: 'Cookies on this website' })).toBeTruthy();
  });

  it('shows the cookie banner when there is no notice to read, or it failed to load', async () => {
    storage.set('noticesSeen', ['visa-service']);
    mockApi({ '/index/agent-config/v3': () => envelope(config) });
    const read = renderApp('/');
    expect(await screen.findByRole('region', { name: 'Cookies on this website' })).toBeTruthy();
    read.unmount();

    storage.remove('noticesSeen');
    mockApi({ '/index/agent-config/v3': () => new Response('down', { status: 503 }) });
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Cookies on this website' })).toBeTruthy();
  });

  it('remembers the notice when closed with Escape too', async () => {
    mockApi({ '/index/agent-config/v3': () => envelope(config) });
    const { user } = renderApp('/');
    await screen.findByRole('dialog', { name: 'Important notice' });
    await user.keyboard('{Escape}');
    await dialogsClosed();
    expect(storage.get('noticesSeen')).toEqual(['visa-service']);
  });

  it('links to the app stores in a new tab', async () => {
    storage.set('noticesSeen', ['visa-service']);
    mockApi({ '/index/agent-config/v3': () => envelope(config) });
    renderApp('/');
    const apple = await screen.findByRole('link', {
      name: 'Download on the App Store (opens in a new tab)',
    });
    expect(apple.getAttribute('href')).toBe('https://apps.example/ios');
    expect(apple.getAttribute('target')).toBe('_blank');
    expect(
      screen
        .getByRole('link', { name: 'Get it on Google Play (opens in a new tab)' })
        .getAttribute('href'),
    ).toBe('https://apps.example/android');
  });

  it('lists the popular places with their offers', async () => {
    mockApi({
      '/index/popular-places': () =>
        envelope([
          {
            iataCode: 'LHR',
            name: 'London Heathrow Airport',
            city: 'London',
            country: 'GB',
            countryName: 'United Kingdom',
            image: '/assets-api/art/place/LHR.svg',
            products: 14,
          },
        ]),
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Popular airports' });
    const link = within(section).getByRole('link', { name: 'London Heathrow Airport (LHR)' });
    expect(link.getAttribute('href')).toBe('/airport-detail?code=LHR');
    expect(section.textContent).toContain('14 lounges and offers');
  });
});
