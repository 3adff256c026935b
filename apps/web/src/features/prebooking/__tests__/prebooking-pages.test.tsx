import type { BookingOrderState, BookingReview, Slot } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { waitlistEntry } from '@/testing/waitlist';
import {
  chooseOffered,
  contact,
  defaultCard,
  kestrel,
  myBooking,
  priceOf,
  slot,
  withCleanSession,
} from './booking-fixtures';

withCleanSession();

const lounge = kestrel;

const memberships = [
  {
    dpid: '1234567812345678',
    cardType: 'black',
    status: 'active',
    passesLeft: 1,
    usable: true,
    inUse: true,
    guestsPerVisit: 4,
  },
];

const price = priceOf(1, 3500, 1);

const review: BookingReview = {
  holdId: 'hold-1',
  expiresAt: '2026-11-25T10:10:00Z',
  secondsLeft: 600,
  lounge,
  date: '2026-12-05',
  time: '12:00',
  flightNumber: 'BA1234',
  passengerNames: ['Jane Doe', 'Bo Lee'],
  infants: 0,
  membership: memberships[0]! as BookingReview['membership'],
  price,
  contact,
  cancellation: { noticeHours: 48, refundWorkingDays: 5 },
};

const detailHandlers = (slots: Slot[]): Record<string, Handler> => ({
  '/lounge/get-available-time/v2': () => envelope({ lounge, date: '2026-12-05', slots }),
  '/lounge/select-num': () => envelope(memberships),
});

describe('booking details (step 1)', () => {
  it('shows the lounge, the slot grid with places left, and holds the places on Continue', async () => {
    logIn();
    const preBook = vi.fn<Handler>(() =>
      envelope({ holdId: 'hold-1', expiresAt: '2026-11-25T10:10:00Z', secondsLeft: 600, price }),
    );
    mockApi({
      ...detailHandlers([slot('11:30', 'too-soon'), slot('12:00', 'open', 3)]),
      '/lounge/pre-book': preBook,
      '/lounge/review-details': () => envelope(review),
    });
    const { user } = renderApp('/prebooking?code=LHR-LNG-1');
    await screen.findByRole('heading', { level: 2, name: 'Kestrel Lounge' });
    expect(screen.getByText('Guests not covered by a pass pay £35.00 each.')).toBeTruthy();
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: '11:30, less than 48 hours ahead' })
        .disabled,
    ).toBe(true);
    await user.click(screen.getByRole('radio', { name: '12:00, 3 places left' }));
    await user.click(screen.getByRole('button', { name: 'Add a guest' }));
    await user.type(screen.getByLabelText('Guest 1 full name'), 'Bo Lee');
    await user.type(screen.getByLabelText('Flight number'), 'ba 1234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Review Details' });
    const sent = JSON.parse(preBook.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({
      code: 'LHR-LNG-1',
      time: '12:00',
      guests: ['Bo Lee'],
      flightNumber: 'BA1234',
      dpid: '1234567812345678',
      passesOnly: false,
    });
  });

  it('says once that a day cannot be booked, instead of a row per time (issue 60)', async () => {
    logIn();
    mockApi(detailHandlers([slot('12:00', 'too-soon'), slot('12:30', 'too-soon')]));
    renderApp('/prebooking?code=LHR-LNG-1');
    expect(
      await screen.findByText(
        'Bookings can be made from 48 hours to 180 days before your visit. Please choose another time.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /less than 48 hours ahead/ })).toBeNull();
  });

  it('checks the time and the flight before asking the server', async () => {
    logIn();
    const preBook = vi.fn<Handler>();
    mockApi({ ...detailHandlers([slot('12:00', 'open')]), '/lounge/pre-book': preBook });
    const { user } = renderApp('/prebooking?code=LHR-LNG-1');
    await screen.findByRole('heading', { level: 2, name: 'Kestrel Lounge' });
    await user.type(screen.getByLabelText('Flight number'), 'NOT A FLIGHT');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const times = screen.getByRole('group', { name: /^Arrival time/ });
    expect(await within(times).findByText('Please choose an arrival time.')).toBeTruthy();
    expect(
      screen
        .getByRole<HTMLInputElement>('textbox', { name: 'Flight number' })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(preBook).not.toHaveBeenCalled();
  });

  it('a submit with errors moves focus to their summary, whose links each focus the field', async () => {
    logIn();
    mockApi({ ...detailHandlers([slot('11:30', 'too-soon'), slot('12:00', 'open')]) });
    const { user } = renderApp('/prebooking?code=LHR-LNG-1');
    await screen.findByRole('heading', { level: 2, name: 'Kestrel Lounge' });
    await user.click(screen.getByRole('button', { name: 'Add a guest' }));
    await user.type(screen.getByLabelText('Flight number'), 'NOT A FLIGHT');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Please choose an arrival time.',
      "Please enter the guest's full name.",
      'Please enter a valid flight number, for example BA1234.',
    ]);
    const fields = [
      // The first time that can be chosen (11:30 cannot).
      screen.getByRole('radio', { name: '12:00, 10 places left' }),
      screen.getByLabelText('Guest 1 full name'),
      screen.getByLabelText('Flight number'),
    ];
    for (const [i, link] of links.entries()) {
      expect(link.getAttribute('href')).toBe(`#${fields[i]!.id}`);
      await user.click(link);
      expect(document.activeElement).toBe(fields[i]);
    }

    // Another submit with errors left: focus goes back to the summary.
    await user.click(screen.getByRole('radio', { name: '12:00, 10 places left' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('alert', { name: 'There is a problem' }),
      ),
    );
    expect(within(document.activeElement as HTMLElement).getAllByRole('link')).toHaveLength(2);
  });

  it('preselects a membership with passes left, not one with none left', async () => {
    logIn();
    mockApi({
      ...detailHandlers([slot('12:00', 'open')]),
      '/lounge/select-num': () =>
        envelope([
          { ...memberships[0]!, dpid: '1111222233330000', passesLeft: 0 },
          { ...memberships[0]!, dpid: '1111222233334444', passesLeft: 3, inUse: false },
        ]),
    });
    renderApp('/prebooking?code=LHR-LNG-1');
    const withPasses = await screen.findByRole<HTMLInputElement>('radio', {
      name: 'Membership ending 4444: 3 passes left',
    });
    await waitFor(() => expect(withPasses.checked).toBe(true));
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: 'Membership ending 0000: 0 passes left' })
        .checked,
    ).toBe(false);
  });

  it('offers the waiting list, other times and other lounges for a full time', async () => {
    logIn();
    const join = vi.fn<Handler>((body) =>
      envelope({ position: 2, places: (body as { places: number }).places }),
    );
    mockApi({
      ...detailHandlers([slot('12:00', 'full', 0), slot('12:30', 'open')]),
      '/lounge/get-other-available-time': () => envelope({ slots: [slot('12:30', 'open', 7)] }),
      '/lounge/find-other-lounge-v2': () =>
        envelope({
          lounges: [
            {
              code: 'LHR-LNG-2',
              name: 'Osprey Lounge',
              terminal: 'Terminal 5',
              side: 'airside',
              guestPrice: null,
              slot: slot('12:00', 'open', 4),
            },
          ],
        }),
      '/lounge/waitlist': join,
    });
    const { user } = renderApp('/prebooking?code=LHR-LNG-1');
    await user.click(await screen.findByRole('radio', { name: '12:00, full' }));
    const offers = await screen.findByRole('region', { name: 'This time is full' });
    const osprey = await within(offers).findByRole('link', { name: 'Book Osprey Lounge at 12:00' });
    // Where it is and what guests pay there, said with the link (issue 60, item 7).
    const described = document.getElementById(osprey.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Terminal 5, airside. Every passenger needs a pass there.');
    // The places asked follow the guests entered (issue 60, item 9).
    expect(
      within(offers).getByRole('button', { name: 'Tell me if a place frees up for 1 person' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a guest' }));
    await user.type(screen.getByLabelText('Guest 1 full name'), 'Bo Lee');
    await user.click(
      within(offers).getByRole('button', { name: 'Tell me if places free up for 2 people' }),
    );
    expect(
      await within(offers).findByText(/^You are number 2 on the waiting list for 2 people\./),
    ).toBeTruthy();
    expect(JSON.parse(join.mock.calls[0]![1].body as string)).toMatchObject({
      code: 'LHR-LNG-1',
      time: '12:00',
      places: 2,
    });
    await chooseOffered(user, offers, 'Choose 12:30 (7 places left)', '12:30, 10 places left');
    expect(screen.queryByRole('region', { name: 'This time is full' })).toBeNull();
  });

  it("tells the places a waiting list's link holds, and until when", async () => {
    logIn();
    const until = new Date(2026, 10, 25, 10, 40).toISOString();
    mockApi({
      ...detailHandlers([slot('12:00', 'open', 2)]),
      '/lounge/waitlist/list': () =>
        envelope({
          entries: [waitlistEntry({ position: null, holdId: 'hold-9', heldUntil: until })],
        }),
    });
    renderApp('/prebooking/detail?code=LHR-LNG-1&date=2026-12-05&time=12:00&hold=hold-9');
    await screen.findByRole('heading', { level: 2, name: 'Kestrel Lounge' });
    const notice = await screen.findByText(/^We are holding/);
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toBe(
      'We are holding 2 places for you at 12:00 on Sat 5 Dec 2026 until 10:40. ' +
        'Finish your booking before then.',
    );
  });

  it('says Booking Limit Reached as soon as a date the member has booked is picked (issue 60)', async () => {
    logIn();
    const asked = vi.fn<Handler>((body) => {
      const { date } = body as { date: string };
      return envelope({
        lounge,
        date,
        slots: [slot('12:00', 'open')],
        ...(date === '2026-12-06' ? { ownBookingId: 'LBABCDEFGH' } : {}),
      });
    });
    mockApi({ ...detailHandlers([]), '/lounge/get-available-time/v2': asked });
    renderApp('/prebooking?code=LHR-LNG-1');
    await screen.findByRole('heading', { level: 2, name: 'Kestrel Lounge' });
    expect(screen.queryByText(/Booking Limit Reached/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Date of visit'), { target: { value: '2026-12-06' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Booking Limit Reached. You have already booked this lounge for that date.',
    );
    expect(
      within(alert)
        .getByRole('link', { name: 'View your booking LBABCDEFGH' })
        .getAttribute('href'),
    ).toBe('/account/bookings/detail?bookingId=LBABCDEFGH');
    // Another date: gone.
    fireEvent.change(screen.getByLabelText('Date of visit'), { target: { value: '2026-12-07' } });
    await waitFor(() => expect(screen.queryByText(/Booking Limit Reached/)).toBeNull());
  });

  it("says a refused booking's reason (Booking Limit Reached)", async () => {
    logIn();
    mockApi({
      ...detailHandlers([slot('12:00', 'open')]),
      '/lounge/pre-book': () =>
        failure(
          '50003',
          'Booking Limit Reached. You have already booked this lounge for that date.',
        ),
    });
    const { user } = renderApp('/prebooking?code=LHR-LNG-1');
    await user.click(await screen.findByRole('radio', { name: '12:00, 10 places left' }));
    await user.type(screen.getByLabelText('Flight number'), 'BA1234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Booking Limit Reached');
  });
});

const holdDraft = () =>
  sessionStorage.setItem(
    'prebookingDraft',
    JSON.stringify({
      code: 'LHR-LNG-1',
      holdId: 'hold-1',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    }),
  );

describe('review and payment (steps 2 and 3)', () => {
  it('reviews the price and the refund rule, and asks to confirm the details first', async () => {
    logIn();
    holdDraft();
    const confirm = vi.fn<Handler>(() => envelope({ ...review.contact, confirmed: true }));
    mockApi({
      '/lounge/review-details': () => envelope(review),
      '/lounge/confirm-cardholder-details': confirm,
    });
    const { user } = renderApp('/prebooking/review');
    await screen.findByText('1 × £35.00');
    expect(screen.getByText(/Cancel at least 48 hours before your visit/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Please confirm the cardholder details first.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm these details' }));
    expect(await screen.findByText('Details confirmed.')).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it("turns to 'Session expired' when the hold lapsed", async () => {
    logIn();
    holdDraft();
    mockApi({ '/lounge/review-details': () => failure('50007', 'Session expired') });
    renderApp('/prebooking/review');
    expect(await screen.findByRole('heading', { name: 'Session expired' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start again' })).toBeTruthy();
  });

  it("starts the payment with the member's default card chosen, and pays with it", async () => {
    logIn();
    holdDraft();
    const prepare = vi.fn<Handler>(() => envelope(booked));
    mockApi({
      '/lounge/review-details': () => envelope(review),
      '/payment/payment-cards': () =>
        envelope([{ ...defaultCard, cardId: 'c2', last4: '4444', isDefault: false }, defaultCard]),
      [defaultCard.securityCode.url]: () => new Response(null, { status: 204 }),
      '/lounge/pre-book/prepare-order/v2a': prepare,
      '/lounge/pre-book/check-payment-status/v2a': () => envelope(booked),
    });
    const { user } = renderApp('/prebooking/payment');
    expect(await screen.findByText('Visa •••• 1111')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change card' })).toBeTruthy();
    expect(screen.queryByText('No card chosen yet.')).toBeNull();
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £35.00 and book' }));
    await screen.findByRole('heading', { name: 'Booking Successful' });
    const sent = JSON.parse(prepare.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({ holdId: 'hold-1', cardId: 'c1' });
  });

  it('confirms a booking passes cover without a card', async () => {
    logIn();
    holdDraft();
    const free = {
      ...price,
      passesUsed: 2,
      paidPassengers: 0,
      total: { amount: 0, currency: 'GBP' },
    };
    const prepare = vi.fn<Handler>(() =>
      envelope({
        orderId: 'order-1',
        reference: 'ORAAAAAAAA',
        outcome: 'fulfilled',
        lines: [],
        amount: 0,
        currency: 'GBP',
      } satisfies BookingOrderState),
    );
    mockApi({
      '/lounge/review-details': () => envelope({ ...review, price: free }),
      '/lounge/pre-book/prepare-order/v2a': prepare,
      '/lounge/pre-book/check-payment-status/v2a': () => envelope(booked),
    });
    const { user } = renderApp('/prebooking/payment');
    await screen.findByText('Your passes cover every passenger: nothing to pay.');
    expect(screen.queryByLabelText('Security code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: 'Booking Successful' });
    const sent = JSON.parse(prepare.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(sent).not.toHaveProperty('cardId');
    expect(sent.holdId).toBe('hold-1');
  });
});

const booked: BookingOrderState = {
  orderId: 'order-1',
  reference: 'ORAAAAAAAA',
  outcome: 'fulfilled',
  lines: [],
  amount: 3500,
  currency: 'GBP',
  booking: {
    bookingId: 'LBABCDEFGH',
    qr: 'BK1.LBABCDEFGH.signature',
    date: '2026-12-05',
    time: '12:00',
    timeZone: 'Europe/London',
    startsAt: '2026-12-05T12:00:00.000Z',
    loungeName: 'Kestrel Lounge',
    details: {
      terminal: 'Terminal 3',
      side: 'airside',
      directions: 'After security, take the lift to level 2.',
      passengerNames: ['Jane Doe', 'Bo Lee'],
      infants: 1,
      passesUsed: 1,
      paid: { amount: 3500, currency: 'GBP' },
      paymentCard: 'Visa •••• 1111',
    },
  },
};

/** The text of the description of a term (`dt`) on the page. */
const fact = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the result', () => {
  it('Booking Successful: the Booking ID, its QR, the PDF and the calendar file', async () => {
    logIn();
    mockApi({ '/lounge/pre-book/check-payment-status/v2a': () => envelope(booked) });
    renderApp('/prebooking/result?orderId=order-1');
    await screen.findByRole('heading', { name: 'Booking Successful' });
    expect(screen.getByText('Booking ID: LBABCDEFGH')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'QR code of booking LBABCDEFGH for the lounge desk' }),
    ).toBeTruthy();
    for (const name of ['Download PDF', 'Add to calendar'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('Booking Successful shows where, the way there, who and what was paid (issue 60)', async () => {
    logIn();
    mockApi({ '/lounge/pre-book/check-payment-status/v2a': () => envelope(booked) });
    renderApp('/prebooking/result?orderId=order-1');
    await screen.findByRole('heading', { name: 'Booking Successful' });
    expect(fact('Terminal')).toBe('Terminal 3, airside');
    expect(fact('How to get there')).toBe('After security, take the lift to level 2.');
    expect(fact('Passengers')).toBe('Jane Doe, Bo Lee');
    expect(fact('Infants under 2')).toBe('1');
    expect(fact('Passes used')).toBe('1');
    expect(fact('Amount paid')).toBe('£35.00 (Visa •••• 1111)');
  });

  it.each([
    ['places-gone', 'Booking Unsuccessful', 'Refunds take about 5 working days'],
    ['430285', 'Payment Unsuccessful', 'Your payment was not taken'],
  ])('a failure (%s) says %s and what happens to the money', async (reason, title, text) => {
    logIn();
    mockApi({
      '/lounge/pre-book/check-payment-status/v2a': () =>
        envelope({ ...booked, outcome: 'failed', failureReason: reason, booking: undefined }),
    });
    renderApp('/prebooking/result?orderId=order-1');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeTruthy();
    expect(alert.textContent).toContain(text);
  });
});

describe('changing a booking (amend)', () => {
  const amendHandlers = (amend: Handler): Record<string, Handler> => ({
    '/account/bookings/detail': () => envelope(myBooking),
    ...detailHandlers([slot('12:00', 'open', 3)]),
    '/lounge/amend': amend,
  });
  const addedGuestPrice = {
    passengers: 1,
    infants: 0,
    passesUsed: 0,
    paidPassengers: 1,
    unitPrice: { amount: 3500, currency: 'GBP' },
    total: { amount: 3500, currency: 'GBP' },
  };
  /** The change's answer when the added guest is paid by card: a hold to pay for. */
  const paymentRequired = {
    outcome: 'payment-required',
    hold: {
      holdId: 'hold-2',
      expiresAt: '2099-01-01T00:00:00Z',
      secondsLeft: 600,
      price: addedGuestPrice,
    },
  };

  it('a guest no pass covers: the price of the added guest, and a card asked for before paying', async () => {
    logIn();
    const amend = vi.fn<Handler>(() => envelope(paymentRequired));
    const prepare = vi.fn<Handler>();
    mockApi({ ...amendHandlers(amend), '/lounge/pre-book/prepare-order/v2a': prepare });
    const { user } = renderApp('/prebooking/amend?bookingId=LBABCDEFGH');
    await screen.findByRole('radio', { name: '12:00, 3 places left' });
    await user.click(screen.getByRole('button', { name: 'Add a guest' }));
    await user.type(screen.getByLabelText('Guest 1 full name'), 'Bo Lee');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'Pay for the added guests' });
    const sent = JSON.parse(amend.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({ bookingId: 'LBABCDEFGH', time: '12:00', guests: ['Bo Lee'] });
    expect(screen.getByText(/Your passes do not cover every guest you added/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay £35.00 and change' }));
    expect(await screen.findByText('Please choose a payment card.')).toBeTruthy();
    expect(prepare).not.toHaveBeenCalled();
  });

  it('shows what a change costs before it is saved, and saves it paid as shown (issue 60, item 3)', async () => {
    logIn();
    const quoted: Record<string, unknown>[] = [];
    const terms = (passes: 'use' | 'card') => ({
      passengers: 2,
      passes,
      passesLeft: 2,
      passesUsed: passes === 'use' ? 1 : 0,
      paidGuests: passes === 'use' ? 0 : 1,
      charge: { amount: passes === 'use' ? 0 : 3500, currency: 'GBP' },
      passesReturned: 0,
      refund: { amount: 0, currency: 'GBP' },
    });
    const amend = vi.fn<Handler>(() => envelope(paymentRequired));
    mockApi({
      ...amendHandlers(amend),
      '/lounge/amend/quote': (body) => {
        const asked = body as Record<string, unknown>;
        quoted.push(asked);
        // As the booking was (by card) unless the member chose.
        return envelope(terms(asked.passes === 'use' ? 'use' : 'card'));
      },
    });
    const { user } = renderApp('/prebooking/amend?bookingId=LBABCDEFGH');
    await screen.findByRole('radio', { name: '12:00, 3 places left' });
    await user.click(screen.getByRole('button', { name: 'Add a guest' }));
    await user.type(screen.getByLabelText('Guest 1 full name'), 'Bo Lee');
    const panel = await screen.findByRole('region', { name: 'What this change does' });
    expect(
      await within(panel).findByText('£35.00 to pay by card for the guest added.'),
    ).toBeTruthy();
    expect(within(panel).getByRole<HTMLInputElement>('radio', { name: 'My card' }).checked).toBe(
      true,
    );
    await user.click(within(panel).getByRole('radio', { name: 'My passes (2 left)' }));
    expect(await within(panel).findByText('1 pass will be used for the guest added.')).toBeTruthy();
    await user.click(within(panel).getByRole('radio', { name: 'My card' }));
    await within(panel).findByText('£35.00 to pay by card for the guest added.');
    // A way back before saving: the booking as it is.
    expect(
      screen.getByRole('link', { name: 'Keep my booking as it is' }).getAttribute('href'),
    ).toContain('bookingId=LBABCDEFGH');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'Pay for the added guests' });
    const sent = JSON.parse(amend.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({ guests: ['Bo Lee'], passes: 'card' });
    expect(quoted.at(-1)).toMatchObject({ bookingId: 'LBABCDEFGH', guests: ['Bo Lee'] });
  });

  it('changes the flight, checked as in step 1 before it is saved (issue 60)', async () => {
    logIn();
    const amend = vi.fn<Handler>(() =>
      envelope({
        outcome: 'changed',
        booking: booked.booking,
        passengers: 1,
        passesUsed: 0,
        passesReturned: 0,
        refund: { amount: 0, currency: 'GBP' },
      }),
    );
    mockApi(amendHandlers(amend));
    const { user } = renderApp('/prebooking/amend?bookingId=LBABCDEFGH');
    await screen.findByRole('radio', { name: '12:00, 3 places left' });
    const flight = screen.getByLabelText('Flight number');
    expect((flight as HTMLInputElement).value).toBe('BA1234');
    await user.clear(flight);
    await user.type(flight, 'NOT A FLIGHT');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Please enter a valid flight number, for example BA1234.'),
    ).toBeTruthy();
    expect(amend).not.toHaveBeenCalled();
    await user.clear(flight);
    await user.type(flight, 'ez 123');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/^Your booking LBABCDEFGH is now for/)).toBeTruthy();
    const sent = JSON.parse(amend.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({ bookingId: 'LBABCDEFGH', time: '12:00', flightNumber: 'EZ123' });
  });

  it('a change nothing is paid for is made at once, with the passes it used', async () => {
    logIn();
    mockApi(
      amendHandlers(() =>
        envelope({
          outcome: 'changed',
          booking: booked.booking,
          passengers: 2,
          passesUsed: 1,
          passesReturned: 0,
          refund: { amount: 0, currency: 'GBP' },
        }),
      ),
    );
    const { user } = renderApp('/prebooking/amend?bookingId=LBABCDEFGH');
    await screen.findByRole('radio', { name: '12:00, 3 places left' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/^Your booking LBABCDEFGH is now for/)).toBeTruthy();
    expect(screen.getByText('1 pass used for the guest added.')).toBeTruthy();
  });

  it.each([
    ['fulfilled', 'none', 'We have charged £35.00 to your card for the added guests.'],
    ['failed', 'booking-changed', 'so your payment is being refunded'],
    ['failed', '430285', 'Payment Unsuccessful. Your payment was not taken'],
  ])('back from 3-D Secure, the change %s (%s) says so', async (outcome, failureReason, text) => {
    logIn();
    mockApi({
      ...amendHandlers(vi.fn<Handler>()),
      '/lounge/pre-book/check-payment-status/v2a': () =>
        envelope({
          ...booked,
          outcome,
          lines: [{ item: 'lounge-visit', description: 'Visit', quantity: 1, unitAmount: 3500 }],
          ...(outcome === 'failed' ? { failureReason, booking: undefined } : {}),
        }),
    });
    renderApp('/prebooking/amend?bookingId=LBABCDEFGH&orderId=order-1&threeDS=return');
    await waitFor(() => expect(document.querySelector('main')?.textContent).toContain(text));
  });
});
