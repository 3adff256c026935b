import type { Voucher } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountHandlers, envelope, failure, mockApi, type Handler } from '@/testing/mock-api';
import { diningOffer as offer } from '@/testing/products';
import { logIn, renderApp } from '@/testing/render-app';

/* The dining and spa offer screens (issue 20): the terms before confirming, and the voucher. */

const voucher = (overrides: Partial<Voucher> = {}): Voucher => ({
  code: 'K7QM-3XPA',
  qr: 'VC1.K7QM3XPA.c2lnbmF0dXJl',
  status: 'open',
  productId: 'LHR-DIN-2',
  kind: 'dining',
  outletName: 'Quay Grill',
  terminal: 'Terminal 5',
  airportCode: 'LHR',
  airportName: 'London Heathrow Airport',
  date: '2026-11-25',
  validUntil: '22:00',
  timeZone: 'Europe/London',
  terms: offer().offerTerms!,
  conditions: 'Show your boarding pass before you order.',
  membershipNumber: '•••• •••• •••• 0009',
  usedAt: null,
  ...overrides,
});

const termsOf = () => {
  const list = document.querySelector('dl.offer-terms')!;
  return [...list.querySelectorAll('dt')].map((dt) => [
    dt.textContent,
    dt.nextElementSibling?.textContent,
  ]);
};

function open(url: string, handlers: Record<string, Handler>) {
  logIn();
  mockApi({ ...accountHandlers, ...handlers });
  return renderApp(url);
}

describe('redeem offer (/offers/redeem)', () => {
  it('shows the terms, and confirming opens the voucher with its code and QR', async () => {
    const redeem = vi.fn<Handler>(() => envelope(voucher()));
    open('/offers/redeem?id=LHR-DIN-2&kind=dining', {
      '/dining/detail': () => envelope(offer()),
      '/dining/redeem-offer': redeem,
      '/account/vouchers': () => envelope([voucher()]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Redeem Offer' })).toBeTruthy();
    await screen.findByText('Dining offer at Quay Grill, Terminal 5, London Heathrow Airport');
    expect(termsOf()).toEqual([
      ['Offer', '£15 voucher towards food and drink'],
      ['Credit towards your bill', '£15.00'],
      ['Guests', 'You and up to 3 guests'],
      ['Cash back', 'None: no cash or change is given'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and get my voucher' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Voucher' })).toBeTruthy();
    expect(redeem).toHaveBeenCalledWith({ id: 'LHR-DIN-2' }, expect.anything());
    expect(screen.getByTestId('voucher-code').textContent).toBe('K7QM-3XPA');
    expect(screen.getByRole('img', { name: 'QR code of voucher K7QM-3XPA' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });

  it('says why a redemption is refused, in the catalogue’s words', async () => {
    open('/offers/redeem?id=LHR-SPA-1&kind=spa', {
      '/spa/detail': () =>
        envelope(
          offer({
            id: 'LHR-SPA-1',
            kind: 'spa',
            name: 'Tide Spa',
            offerTerms: {
              benefit: 'One pass buys a 20-minute express treatment',
              credit: null,
              guests: 0,
              cashBack: false,
              passes: 1,
              passBuys: 'one 20-minute express treatment',
            },
          }),
        ),
      '/spa/redeem-offer': () => failure('50005', 'No passes available'),
    });
    await screen.findByText('Spa offer at Tide Spa, Terminal 5, London Heathrow Airport');
    expect(termsOf()).toContainEqual([
      'Passes',
      '1 pass, which buys one 20-minute express treatment. It is returned to your membership if you do not use the voucher.',
    ]);
    expect(termsOf()).toContainEqual(['Guests', 'You alone']);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and get my voucher' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No passes available');
  });

  it('says when the offer is not found', async () => {
    open('/offers/redeem?id=LHR-DIN-99&kind=dining', {
      '/dining/detail': () => failure('10002', 'not found'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer not found' })).toBeTruthy();
  });
});

describe('voucher (/offers/voucher) and My Bookings', () => {
  it('shows a used voucher without its QR', async () => {
    open('/offers/voucher?code=k7qm-3xpa', {
      '/account/vouchers': () =>
        envelope([voucher({ status: 'used', qr: null, usedAt: '2026-11-25 12:40' })]),
    });
    await screen.findByTestId('voucher-code');
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    const status = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Status');
    expect(status?.nextElementSibling?.textContent).toMatch(/^Used \(Used on .+ at 12:40\)$/);
  });

  it('lists the vouchers on My Bookings, each a link to its screen', async () => {
    open('/account/bookings', {
      '/account/vouchers': () => envelope([voucher()]),
    });
    const list = await screen.findByRole('region', { name: 'Dining and spa vouchers' });
    const link = within(list).getByRole('link', {
      name: 'Quay Grill, LHR: code K7QM-3XPA, valid until 22:00',
    });
    expect(link.getAttribute('href')).toBe('/offers/voucher?code=K7QM-3XPA');
  });

  it('sends a visitor to log in first, and back to the offer after', async () => {
    mockApi({ ...accountHandlers });
    const { router } = renderApp('/offers/redeem?id=LHR-DIN-2&kind=dining');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/login?redirect=%2Foffers%2Fredeem%3Fid%3DLHR-DIN-2%26kind%3Ddining',
    );
  });
});
