import { errorCatalogue, type ErrorName } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, failure, mockApi } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { kestrel, slot, withCleanSession } from './booking-fixtures';

withCleanSession();

const refusals: [ErrorName, string][] = [
  ['waitlistSlotOpen', 'This time still has places: please book it instead.'],
  [
    'waitlistLimitReached',
    'You are already on the waiting list for 3 times. Please leave one of them before joining another.',
  ],
  [
    'bookingLimitReached',
    'Booking Limit Reached. You have already booked this lounge for that date.',
  ],
];

describe('the waiting list offered for a full time (issue 61)', () => {
  it.each(refusals)('says why joining was refused: %s', async (name, message) => {
    logIn();
    mockApi({
      '/lounge/get-available-time/v2': () =>
        envelope({ lounge: kestrel, date: '2026-12-05', slots: [slot('12:00', 'full', 0)] }),
      '/lounge/select-num': () => envelope([]),
      '/lounge/get-other-available-time': () => envelope({ slots: [] }),
      '/lounge/find-other-lounge-v2': () => envelope({ lounges: [] }),
      '/lounge/waitlist': () => failure(errorCatalogue[name].code),
    });
    const { user } = renderApp('/prebooking?code=LHR-LNG-1');
    await user.click(await screen.findByRole('radio', { name: '12:00, full' }));
    const offers = await screen.findByRole('region', { name: 'This time is full' });
    await user.click(
      within(offers).getByRole('button', { name: 'Tell me if a place frees up for 1 person' }),
    );
    expect((await within(offers).findByRole('alert')).textContent).toBe(message);
    // Nothing joined: the offer stays, to try again.
    expect(
      within(offers).getByRole('button', { name: 'Tell me if a place frees up for 1 person' }),
    ).toBeTruthy();
  });
});
