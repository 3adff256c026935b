import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { envelope, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { dialogsClosed } from '@/testing/dialogs';

const coopTerms = [
  {
    cardType: 'Platinum Credit Card',
    url: '/terms-and-conditions?issuer=coop&cardType=platinum',
    text: 'Platinum Credit Card terms and conditions',
  },
  {
    cardType: 'Everyday Extra Account',
    url: '/terms-and-conditions?issuer=coop&cardType=everyday-extra',
    text: 'Everyday Extra Account terms and conditions',
  },
  {
    cardType: 'Premier Account',
    url: '/terms-and-conditions?issuer=coop&cardType=premier',
    text: 'Premier Account terms and conditions',
  },
];
const barclaysTerms = [
  {
    cardType: 'Travel Pack',
    url: '/terms-and-conditions?issuer=barclays&cardType=travel-pack',
    text: 'Travel Pack terms and conditions',
  },
];

async function openFooter(issuer: string, terms: unknown[]) {
  storage.set('issuer', issuer as 'coop');
  mockApi({ '/tc/link': () => envelope(terms) });
  const app = renderApp('/faqs');
  const footer = await screen.findByRole('navigation', { name: 'Footer' });
  return { ...app, footer };
}

describe('footer terms link per channel', () => {
  it('coop: opens a modal listing the terms of each card type, each in a new tab', async () => {
    const { footer, user } = await openFooter('coop', coopTerms);
    await user.click(await within(footer).findByRole('button', { name: 'Terms and Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Platinum Credit Card terms and conditions (opens in a new tab)',
      'Everyday Extra Account terms and conditions (opens in a new tab)',
      'Premier Account terms and conditions (opens in a new tab)',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await dialogsClosed();
    expect(document.activeElement?.textContent).toBe('Terms and Conditions');
  });

  it('barclays: opens its terms in a modal, with the document in a new tab', async () => {
    const { footer, user } = await openFooter('barclays', barclaysTerms);
    await user.click(await within(footer).findByRole('button', { name: 'Terms and Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    const link = within(dialog).getByRole('link', {
      name: 'Read the Travel Pack terms and conditions (opens in a new tab)',
    });
    expect(link.getAttribute('href')).toBe(barclaysTerms[0]!.url);
    expect(link.getAttribute('target')).toBe('_blank');
    await user.keyboard('{Escape}');
    await dialogsClosed();
  });

  it.each(['natwest', 'rbs', 'default'])(
    '%s: links straight to the first terms document',
    async (issuer) => {
      const { footer } = await openFooter(issuer, [
        { cardType: 'Black Account', url: '/terms-and-conditions?cardType=black', text: 'Black' },
        { cardType: 'Reward', url: '/terms-and-conditions?cardType=reward-black', text: 'Reward' },
      ]);
      const link = await within(footer).findByRole('link', {
        name: 'Terms and Conditions (opens in a new tab)',
      });
      expect(link.getAttribute('href')).toBe('/terms-and-conditions?cardType=black');
      expect(within(footer).queryByRole('button', { name: 'Terms and Conditions' })).toBeNull();
    },
  );
});

describe('terms and conditions page', () => {
  it("heads the terms with the card type's name", async () => {
    storage.set('issuer', 'coop');
    mockApi({ '/tc/link': () => envelope(coopTerms) });
    renderApp('/terms-and-conditions?cardType=premier');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeTruthy();
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Premier Account terms and conditions',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('main').textContent).toContain('The Co-operative Bank');
  });

  it.each([
    ['/terms-conditions', 'Programme Terms and Conditions'],
    ['/terms-use', 'Terms of Use'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/cookie-policy', 'Cookie Policy'],
    ['/accessibility', 'Accessibility Statement'],
    ['/dining-terms', 'Dining Terms'],
  ])("%s is a document in the bank's name, with sections", async (url, title) => {
    storage.set('issuer', 'natwest');
    mockApi();
    renderApp(url);
    await screen.findByRole('heading', { level: 1, name: title });
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(5);
    expect(screen.getByRole('main').textContent).toContain('NatWest');
    expect(screen.getByRole('navigation', { name: 'Contents' })).toBeTruthy();
  });
});
