import type { BookingOrderState, BookingReview } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { contact, defaultCard, kestrel, priceOf, withCleanSession } from './booking-fixtures';

/*
 * The payment step when the price changed since the member saw it (issue 61): nothing is
 * charged, the page shows the price now beside the one seen, and the member confirms it and
 * pays (the total confirmed sent with the payment), or goes back to the review.
 */

withCleanSession();

const SHOWN = priceOf(2, 4000);
const NOW = priceOf(2, 100);

const review: BookingReview = {
  holdId: 'hold-1',
  expiresAt: '2026-11-25T10:10:00Z',
  secondsLeft: 600,
  lounge: kestrel,
  date: '2026-12-05',
  time: '12:00',
  flightNumber: 'BA1234',
  passengerNames: ['Jane Doe', 'Bo Lee'],
  infants: 0,
  membership: null,
  price: SHOWN,
  contact: { ...contact, confirmed: true },
  cancellation: { noticeHours: 48, refundWorkingDays: 5 },
};

const booked: BookingOrderState = {
  orderId: 'order-1',
  reference: 'ORAAAAAAAA',
  outcome: 'fulfilled',
  lines: [],
  amount: 200,
  currency: 'GBP',
  booking: {
    bookingId: 'LBABCDEFGH',
    qr: 'BK1.LBABCDEFGH.signature',
    date: '2026-12-05',
    time: '12:00',
    timeZone: 'Europe/London',
    startsAt: '2026-12-05T12:00:00.000Z',
    loungeName: 'Kestrel Lounge',
  },
};

const holdDraft = () =>
  sessionStorage.setItem(
    'prebookingDraft',
    JSON.stringify({
      code: 'LHR-LNG-1',
      holdId: 'hold-1',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    }),
  );

const priceChanged = () =>
  failure(
    '50020',
    'The price of this booking has changed since you saw it. Please check the new price and confirm it to pay.',
    { price: NOW },
  );

/** The payment step with the review's price, a saved card, and prepare-order as given. */
function payingWith(prepare: Handler) {
  logIn();
  holdDraft();
  mockApi({
    '/lounge/review-details': () => envelope(review),
    '/payment/payment-cards': () => envelope([defaultCard]),
    [defaultCard.securityCode.url]: () => new Response(null, { status: 204 }),
    '/lounge/pre-book/prepare-order/v2a': prepare,
    '/lounge/pre-book/check-payment-status/v2a': () => envelope(booked),
  });
  return renderApp('/prebooking/payment');
}

const sentBodies = (prepare: ReturnType<typeof vi.fn<Handler>>) =>
  prepare.mock.calls.map(([, init]) => JSON.parse(init.body as string) as Record<string, unknown>);

describe('payment: the price changed since the member saw it', () => {
  it('shows the new price; confirming it pays that total, under a checkout of its own', async () => {
    const prepare = vi
      .fn<Handler>()
      .mockImplementationOnce(priceChanged)
      .mockImplementationOnce(() => envelope(booked));
    const { user } = payingWith(prepare);
    await user.type(await screen.findByLabelText('Security code'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £80.00 and book' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The price has changed since you saw it: it is now £2.00 (it was £80.00). Nothing has been charged. Check the new price, then confirm it to book, or go back to the review.',
    );
    expect(screen.getByText('2 × £1.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay £80.00 and book' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to review' }).getAttribute('href')).toBe(
      '/prebooking/review',
    );

    await user.click(screen.getByRole('button', { name: 'Confirm £2.00 and book' }));
    await screen.findByRole('heading', { name: 'Booking Successful' });
    const [first, second] = sentBodies(prepare);
    // Each payment names the total the member saw: the first the review's, the second the new.
    expect(first).toMatchObject({
      holdId: 'hold-1',
      cardId: 'c1',
      confirmedTotal: { amount: 8000, currency: 'GBP' },
    });
    expect(second).toMatchObject({
      holdId: 'hold-1',
      cardId: 'c1',
      confirmedTotal: { amount: 200, currency: 'GBP' },
    });
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it('lets the member go back to the review instead', async () => {
    const prepare = vi.fn<Handler>(priceChanged);
    const { user } = payingWith(prepare);
    await user.type(await screen.findByLabelText('Security code'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £80.00 and book' }));
    await screen.findByRole('button', { name: 'Confirm £2.00 and book' });
    await user.click(screen.getByRole('link', { name: 'Back to review' }));
    await screen.findByRole('heading', { level: 1, name: 'Review Details' });
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('a price that now needs paying where passes covered it asks for the card first', async () => {
    logIn();
    holdDraft();
    const free = { ...priceOf(0, 4000, 2), total: { amount: 0, currency: 'GBP' } };
    const prepare = vi.fn<Handler>(() =>
      failure('50020', 'The price has changed.', { price: priceOf(1, 4000, 1) }),
    );
    mockApi({
      '/lounge/review-details': () => envelope({ ...review, price: free }),
      '/payment/payment-cards': () => envelope([defaultCard]),
      '/lounge/pre-book/prepare-order/v2a': prepare,
    });
    const { user } = renderApp('/prebooking/payment');
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('button', { name: 'Confirm £40.00 and book' });
    expect(screen.getByLabelText('Security code')).toBeTruthy();
    expect(screen.queryByText('Your passes cover every passenger: nothing to pay.')).toBeNull();
  });
});
