import type { Booking } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/testing/render-ui';
import { BookingFieldRows } from '../components/booking-field-rows';
import { booking, fieldValue } from './fixtures';

const GBP = (amount: number) => ({ amount, currency: 'GBP' });

async function paymentOf(overrides: Partial<Booking>) {
  renderUi(
    <dl data-testid="fields">
      <BookingFieldRows booking={booking(overrides)} />
    </dl>,
  );
  return fieldValue(await screen.findByTestId('fields'), 'Payment card');
}

describe('how a booking was paid', () => {
  it.each([
    ['paid by card', { paid: GBP(6000), passesUsed: 0 }, 'Visa •••• 4242'],
    ['paid by card and a pass', { paid: GBP(3000), passesUsed: 1 }, 'Visa •••• 4242'],
    [
      'paid with passes only',
      { paid: GBP(0), passesUsed: 2, paymentCard: null },
      'Paid with passes',
    ],
    ['paid nothing, no passes', { paid: GBP(0), passesUsed: 0, paymentCard: null }, 'No payment'],
    ['paid nothing, a card on file', { paid: GBP(0), passesUsed: 0 }, 'No payment'],
    [
      'paid, with no card given',
      { paid: GBP(6000), passesUsed: 0, paymentCard: null },
      'Not given',
    ],
  ] as const)('%s', async (_, overrides, text) => {
    expect(await paymentOf(overrides)).toBe(text);
  });
});
