import type { BookableLane, BookingOrderState, FastTrackReview, Slot } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import {
  chooseOffered,
  contact,
  defaultCard,
  heathrow,
  priceOf,
  slot,
  withCleanSession,
} from './booking-fixtures';

withCleanSession();

const lane: BookableLane = {
  ...heathrow,
  code: 'LHR-FT-1',
  name: 'Fast Track Security, Terminal 5',
  terminal: 'Terminal 5',
  side: 'landside',
  hours: '04:30–21:00',
  slotMinutes: 60,
  lane: 'Fast Track Security, South',
  pricePerPerson: { amount: 800, currency: 'GBP' },
  maxPassengers: 9,
  childRule: 'free-with-adult',
  ageBands: true,
};

const price = priceOf(2, 800, 0, 1);

const review: FastTrackReview = {
  holdId: 'hold-9',
  expiresAt: '2026-11-25T10:10:00Z',
  secondsLeft: 600,
  date: '2026-12-05',
  time: '08:00',
  flightNumber: 'BA1234',
  price,
  contact: { ...contact, confirmed: true },
  cancellation: { noticeHours: 48, refundWorkingDays: 5 },
  lane,
  passengers: [
    { name: 'Jane Doe', ageBand: 'adult', free: false },
    { name: 'Bo Lee', ageBand: 'youth', free: false },
    { name: 'Cy Lee', ageBand: 'child', free: true },
  ],
};

const timesHandlers = (slots: Slot[]) => ({
  '/fast-track/v2/get-available-time': () => envelope({ lane, date: '2026-12-05', slots }),
});

/** Step 1 done (the window checked): the draft step 2 starts from. */
const detailDone = (extra: Record<string, unknown> = {}) =>
  sessionStorage.setItem(
    'cipPrebookingDraft',
    JSON.stringify({
      code: 'LHR-FT-1',
      date: '2026-12-05',
      time: '08:00',
      passengers: 3,
      flightNumber: 'BA1234',
      detailDone: true,
      ...extra,
    }),
  );

const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

describe('fast track, booking details (step 1 of 4)', () => {
  it('shows the lane and its windows, checks the chosen one and opens passenger details', async () => {
    logIn();
    const check = vi.fn<Handler>(() => envelope(slot('08:00', 'open', 7)));
    mockApi({
      ...timesHandlers([slot('07:00', 'too-soon'), slot('08:00', 'open', 7)]),
      '/fast-track/v2/check-availability': check,
      '/fast-track/booking-details': () => envelope(lane),
      '/fast-track/get-cardholder-details': () => envelope(contact),
    });
    const { user } = renderApp('/cipprebooking?code=LHR-FT-1');
    await screen.findByRole('heading', { level: 2, name: 'Fast Track Security, Terminal 5' });
    expect(screen.getByText('Booking Step 1 of 4')).toBeTruthy();
    expect(screen.getByText('£8.00 per person.')).toBeTruthy();
    expect(
      screen.getByText('Children under 12 go free with a paying adult and need no place.'),
    ).toBeTruthy();
    expect(sessionStorage.getItem('loungeCode')).toBe('"LHR-FT-1"');
    await user.clear(screen.getByLabelText(/Number of passengers/));
    await user.type(screen.getByLabelText(/Number of passengers/), '3');
    await user.click(screen.getByRole('radio', { name: '08:00, 7 places left' }));
    await user.type(screen.getByLabelText('Flight number'), 'ba 1234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Passenger Details' });
    const sent = JSON.parse(check.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({ code: 'LHR-FT-1', time: '08:00', places: 3 });
    expect(JSON.parse(sessionStorage.getItem('cipPrebookingDraft')!)).toMatchObject({
      passengers: 3,
      flightNumber: 'BA1234',
      detailDone: true,
    });
  }, 20_000);

  it("a window refused as 'Lane not available' offers the lane's other windows", async () => {
    logIn();
    mockApi({
      ...timesHandlers([slot('08:00', 'open', 1), slot('09:00', 'open', 6)]),
      '/fast-track/v2/check-availability': () => failure('50004', 'Lane not available'),
      '/fast-track/v2/other-available-times': () => envelope({ slots: [slot('09:00', 'open', 6)] }),
    });
    const { user } = renderApp('/cipprebooking/detail?code=LHR-FT-1');
    await user.click(await screen.findByRole('radio', { name: '08:00, 1 place left' }));
    await user.type(screen.getByLabelText('Flight number'), 'BA1234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: 'Lane not available' })).toBeTruthy();
    const times = screen.getByRole('group', { name: /^Time window/ });
    expect(within(times).getByText('Lane not available')).toBeTruthy();
    const others = screen.getByRole('region', { name: 'Other time windows that day' });
    await chooseOffered(user, others, 'Choose 09:00 (6 places left)', '09:00, 6 places left');
  });

  it('a submit with errors moves focus to their summary, whose links each focus the field', async () => {
    logIn();
    mockApi(timesHandlers([slot('07:00', 'too-soon'), slot('08:00', 'open', 7)]));
    const { user } = renderApp('/cipprebooking/detail?code=LHR-FT-1');
    const passengers = await screen.findByLabelText(/Number of passengers/);
    await user.clear(passengers);
    await user.type(passengers, '12');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Please choose from 1 to 9 passengers.',
      'Please choose an arrival time.',
      'This field is required.',
    ]);
    const fields = [
      passengers,
      screen.getByRole('radio', { name: '08:00, 7 places left' }),
      screen.getByLabelText('Flight number'),
    ];
    for (const [i, link] of links.entries()) {
      await user.click(link);
      expect(document.activeElement).toBe(fields[i]);
    }
  });

  it("a paused lane says 'Lane not available'", async () => {
    logIn();
    mockApi({
      '/fast-track/v2/get-available-time': () => failure('50004', 'Lane not available'),
    });
    renderApp('/cipprebooking/detail?code=LHR-FT-1');
    expect((await screen.findByRole('alert')).textContent).toBe('Lane not available');
  });
});

describe('fast track, passenger details (step 2 of 4)', () => {
  it('names each passenger with an age band, confirms the lead contact and holds the places', async () => {
    logIn();
    detailDone();
    const hold = vi.fn<Handler>(() =>
      envelope({ holdId: 'hold-9', expiresAt: inAMinute(), secondsLeft: 600, price }),
    );
    mockApi({
      '/fast-track/booking-details': () => envelope(lane),
      '/fast-track/get-cardholder-details': () => envelope(contact),
      '/fast-track/confirm-passenger-details': hold,
      '/fast-track/review-details': () => envelope(review),
    });
    const { user } = renderApp('/cipprebooking/passenger');
    const lead = await screen.findByLabelText<HTMLInputElement>('Passenger 1 full name (you)');
    expect(lead.value).toBe('Jane Doe');
    await user.type(screen.getByLabelText('Passenger 2 full name'), 'Bo Lee');
    await user.type(screen.getByLabelText('Passenger 3 full name'), 'Cy Lee');
    const bands = screen.getAllByRole('group', { name: /^Passenger \d age$/ });
    await user.click(within(bands[1]!).getByRole('radio', { name: 'Youth (12 to 15)' }));
    await user.click(within(bands[2]!).getByRole('radio', { name: 'Child (under 12)' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // What is wrong, summed up at the top and focused; its link goes to the box to tick.
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const confirmLink = within(summary).getByRole('link', {
      name: "Please confirm the lead passenger's contact details.",
    });
    expect(within(summary).getAllByRole('link')).toHaveLength(1);
    expect(hold).not.toHaveBeenCalled();
    await user.click(confirmLink);
    const confirmBox = screen.getByLabelText(
      "I confirm the lead passenger's contact details are correct",
    );
    expect(document.activeElement).toBe(confirmBox);
    await user.click(confirmBox);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Review Details' });
    const sent = JSON.parse(hold.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({
      code: 'LHR-FT-1',
      date: '2026-12-05',
      time: '08:00',
      flightNumber: 'BA1234',
      passengers: [
        { name: 'Jane Doe', ageBand: 'adult' },
        { name: 'Bo Lee', ageBand: 'youth' },
        { name: 'Cy Lee', ageBand: 'child' },
      ],
      contact: { firstName: 'Jane', email: 'jane@example.com', mobileNo: '7400123456' },
    });
  }, 20_000);

  it("says the server's refusal (too many passengers)", async () => {
    logIn();
    detailDone({ passengers: 1 });
    mockApi({
      '/fast-track/booking-details': () => envelope(lane),
      '/fast-track/get-cardholder-details': () => envelope(contact),
      '/fast-track/confirm-passenger-details': () =>
        failure('50014', 'Too many passengers for one booking.'),
    });
    const { user } = renderApp('/cipprebooking/passenger');
    await user.click(
      await screen.findByLabelText("I confirm the lead passenger's contact details are correct"),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This fast track lane does not take',
    );
  });
});

describe('fast track, a booking chosen again', () => {
  it('step 1 done again lets go of the hold of before when step 2 holds anew', async () => {
    logIn();
    detailDone({ holdId: 'hold-old', expiresAt: inAMinute(), passengers: 1 });
    // Another lounge was looked at since: the lane's own draft still wins.
    sessionStorage.setItem('loungeCode', JSON.stringify('LHR-LNG-1'));
    const hold = vi.fn<Handler>(() =>
      envelope({ holdId: 'hold-new', expiresAt: inAMinute(), secondsLeft: 600, price }),
    );
    const asked = vi.fn<Handler>(() => envelope(contact));
    mockApi({
      ...timesHandlers([slot('08:00', 'open', 7), slot('09:00', 'open', 7)]),
      '/fast-track/v2/check-availability': () => envelope(slot('09:00', 'open', 7)),
      '/fast-track/booking-details': () => envelope(lane),
      '/fast-track/get-cardholder-details': asked,
      '/fast-track/confirm-passenger-details': hold,
      '/fast-track/review-details': () => envelope(review),
    });
    const { user } = renderApp('/cipprebooking/detail');
    await user.click(await screen.findByRole('radio', { name: '09:00, 7 places left' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Passenger Details' });
    expect(JSON.parse(sessionStorage.getItem('cipPrebookingDraft')!)).toMatchObject({
      time: '09:00',
      replaceHoldId: 'hold-old',
    });
    expect(JSON.parse(sessionStorage.getItem('cipPrebookingDraft')!)).not.toHaveProperty('holdId');
    // The member's own contact (no hold to ask about), then the places held anew.
    await waitFor(() => expect(asked).toHaveBeenCalled());
    expect(JSON.parse(asked.mock.calls[0]![1].body as string)).toEqual({});
    await user.click(
      await screen.findByLabelText("I confirm the lead passenger's contact details are correct"),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Review Details' });
    const sent = JSON.parse(hold.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({ time: '09:00', replaceHoldId: 'hold-old' });
    const saved = JSON.parse(sessionStorage.getItem('cipPrebookingDraft')!) as object;
    expect(saved).toMatchObject({ holdId: 'hold-new' });
    expect(saved).not.toHaveProperty('replaceHoldId');
  }, 20_000);

  it("a hold the server says has lapsed: the member's own contact is asked for instead", async () => {
    logIn();
    detailDone({ holdId: 'hold-old', expiresAt: inAMinute(), passengers: 1 });
    const asked = vi.fn<Handler>((_, init) =>
      (JSON.parse(init.body as string) as { holdId?: string }).holdId
        ? failure('50007', 'Session expired')
        : envelope(contact),
    );
    mockApi({
      '/fast-track/booking-details': () => envelope(lane),
      '/fast-track/get-cardholder-details': asked,
    });
    renderApp('/cipprebooking/passenger');
    const email = await screen.findByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe('jane@example.com');
    expect(asked).toHaveBeenCalledTimes(2);
  });
});

describe('fast track, steps in order', () => {
  it('?currentStep=2 opens passenger details once step 1 is done, and step 1 before', async () => {
    logIn();
    mockApi({
      ...timesHandlers([slot('08:00', 'open')]),
      '/fast-track/booking-details': () => envelope(lane),
      '/fast-track/get-cardholder-details': () => envelope(contact),
    });
    const first = renderApp('/cipprebooking?code=LHR-FT-1&currentStep=3');
    await screen.findByRole('heading', { level: 1, name: 'Fast Track Booking Details' });
    expect(first.router.state.location.pathname).toBe('/cipprebooking/detail');
    first.unmount();
    detailDone();
    const { router } = renderApp('/cipprebooking?currentStep=2');
    await screen.findByRole('heading', { level: 1, name: 'Passenger Details' });
    expect(router.state.location.pathname).toBe('/cipprebooking/passenger');
    expect(screen.getByText('Booking Step 2 of 4')).toBeTruthy();
  });

  it('reviews the window, who goes free, the price per person and the rules', async () => {
    logIn();
    detailDone({ holdId: 'hold-9', expiresAt: inAMinute() });
    mockApi({ '/fast-track/review-details': () => envelope(review) });
    renderApp('/cipprebooking/review');
    await screen.findByText('Cy Lee, free with an adult (Child (under 12))');
    expect(screen.getByText('Booking Step 3 of 4')).toBeTruthy();
    // The lane's name says its terminal already: not said twice (issue 60).
    expect(
      screen.getByText('Fast Track Security, Terminal 5, London Heathrow Airport'),
    ).toBeTruthy();
    expect(screen.getByText('08:00–09:00 local time (Europe/London)')).toBeTruthy();
    expect(screen.getByText('Price per person: £8.00')).toBeTruthy();
    expect(screen.getByText('£16.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to payment' }).getAttribute('href')).toBe(
      '/cipprebooking/payment',
    );
  });

  it("turns to 'Session expired' when the hold lapsed, and starts again at step 1", async () => {
    logIn();
    detailDone({ holdId: 'hold-9', expiresAt: inAMinute() });
    mockApi({
      '/fast-track/review-details': () => failure('50007', 'Session expired'),
      ...timesHandlers([slot('08:00', 'open')]),
    });
    const { user } = renderApp('/cipprebooking/review');
    await user.click(await screen.findByRole('button', { name: 'Start again' }));
    await screen.findByRole('heading', { level: 1, name: 'Fast Track Booking Details' });
    expect(JSON.parse(sessionStorage.getItem('cipPrebookingDraft')!)).not.toHaveProperty('holdId');
  });
});

describe('fast track, payment and result (step 4 of 4)', () => {
  const booked: BookingOrderState = {
    orderId: 'order-9',
    reference: 'ORBBBBBBBB',
    outcome: 'fulfilled',
    lines: [],
    amount: 1600,
    currency: 'GBP',
    booking: {
      bookingId: 'FTABCDEFGH',
      qr: 'BK1.FTABCDEFGH.signature',
      date: '2026-12-05',
      time: '08:00',
      timeZone: 'Europe/London',
      startsAt: '2026-12-05T08:00:00.000Z',
      loungeName: 'Fast Track Security, Terminal 5',
    },
  };

  it("pays through the lane's prepare-order and shows its result", async () => {
    logIn();
    detailDone({ holdId: 'hold-9', expiresAt: inAMinute() });
    const lounge = vi.fn<Handler>();
    mockApi({
      '/fast-track/review-details': () => envelope(review),
      '/lounge/pre-book/prepare-order/v2a': lounge,
      '/fast-track/v2a/check-payment-status': () => envelope(booked),
    });
    renderApp('/cipprebooking/payment');
    await screen.findByRole('button', { name: 'Pay £16.00 and book' });
    expect(screen.getByText('Booking Step 4 of 4')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
    expect(lounge).not.toHaveBeenCalled();
  });

  it("starts with the member's default card chosen, and pays with it", async () => {
    logIn();
    detailDone({ holdId: 'hold-9', expiresAt: inAMinute() });
    const prepare = vi.fn<Handler>(() => envelope(booked));
    mockApi({
      '/fast-track/review-details': () => envelope(review),
      '/payment/payment-cards': () => envelope([defaultCard]),
      [defaultCard.securityCode.url]: () => new Response(null, { status: 204 }),
      '/fast-track/v2a/prepare-order': prepare,
      '/fast-track/v2a/check-payment-status': () => envelope(booked),
    });
    const { user } = renderApp('/cipprebooking/payment');
    expect(await screen.findByText('Visa •••• 1111')).toBeTruthy();
    expect(screen.queryByText('No card chosen yet.')).toBeNull();
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £16.00 and book' }));
    await screen.findByRole('heading', { name: 'Booking Successful' });
    const sent = JSON.parse(prepare.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({ holdId: 'hold-9', cardId: 'c1' });
  });

  it('Booking Successful with the QR for the lane; a declined payment is Payment Unsuccessful', async () => {
    logIn();
    mockApi({ '/fast-track/v2a/check-payment-status': () => envelope(booked) });
    const done = renderApp('/cipprebooking/result?orderId=order-9');
    await screen.findByRole('heading', { name: 'Booking Successful' });
    expect(screen.getByText('Booking ID: FTABCDEFGH')).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'QR code of booking FTABCDEFGH for the Fast Track entrance',
      }),
    ).toBeTruthy();
    done.unmount();
    mockApi({
      '/fast-track/v2a/check-payment-status': () =>
        envelope({ ...booked, outcome: 'failed', booking: undefined, failureReason: 'declined' }),
    });
    renderApp('/cipprebooking/result?orderId=order-9');
    await screen.findByRole('heading', { name: 'Payment Unsuccessful' });
    expect(screen.getByRole('link', { name: 'Book again' }).getAttribute('href')).toBe(
      '/cipprebooking/detail',
    );
  });
});
