import type { BookingMembership } from '@portal/contract';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { kestrel, myBooking, slot, withCleanSession } from './booking-fixtures';

// Issue 60 item 4: one guest limit, the lower of the lounge's and the membership's, on every page.

withCleanSession();

const lounge = kestrel;

const membership = (guestsPerVisit: number): BookingMembership => ({
  dpid: '1234567812345678',
  cardType: 'black',
  status: 'active',
  passesLeft: 1,
  usable: true,
  inUse: true,
  guestsPerVisit,
});

const booking = myBooking;

function answers(guestsPerVisit: number, maxGuests = lounge.maxGuests): Record<string, Handler> {
  return {
    '/lounge/get-available-time/v2': () =>
      envelope({
        lounge: { ...lounge, maxGuests },
        date: '2026-12-05',
        slots: [slot('12:00', 'open')],
      }),
    '/lounge/select-num': () => envelope([membership(guestsPerVisit)]),
    '/account/bookings/detail': () => envelope(booking),
  };
}

const addGuest = () => screen.queryByRole('button', { name: 'Add a guest' });

/** Adds guests while the form offers another: how many it took. */
async function addGuestsWhileOffered(user: UserEvent): Promise<number> {
  let added = 0;
  for (let button = addGuest(); button && added < 10; button = addGuest()) {
    await user.click(button);
    added += 1;
  }
  return added;
}

describe('the guest limit on step 1', () => {
  it("shows and allows the membership's 2 guests where the lounge takes 4", async () => {
    logIn();
    mockApi(answers(2));
    const { user } = renderApp('/prebooking?code=LHR-LNG-1');
    expect(await screen.findByText(/^You can bring up to 2 guests on this visit/)).toBeTruthy();
    expect(
      screen.getByText('Guests: up to 2 on this visit. Each guest pays the guest price.'),
    ).toBeTruthy();
    expect(await addGuestsWhileOffered(user)).toBe(2);
    expect(screen.queryByText(/up to 4/)).toBeNull();
  });

  it("shows and allows the lounge's 1 guest where the membership brings 3", async () => {
    logIn();
    mockApi(answers(3, 1));
    const { user } = renderApp('/prebooking?code=LHR-LNG-1');
    expect(await screen.findByText(/^You can bring up to 1 guest on this visit/)).toBeTruthy();
    expect(
      screen.getByText('Guests: up to 1 on this visit. Each guest pays the guest price.'),
    ).toBeTruthy();
    expect(await addGuestsWhileOffered(user)).toBe(1);
  });
});

describe('the guest limit when changing a booking', () => {
  it("adds guests up to the membership's 2 where the lounge takes 4", async () => {
    logIn();
    mockApi(answers(2));
    const { user } = renderApp('/prebooking/amend?bookingId=LBABCDEFGH');
    expect(await screen.findByText(/^You can bring up to 2 guests on this visit/)).toBeTruthy();
    expect(await addGuestsWhileOffered(user)).toBe(2);
  });
});
