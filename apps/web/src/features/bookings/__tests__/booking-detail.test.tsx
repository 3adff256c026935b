import type { Booking } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountHandlers, envelope, failure, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { booking, fastTrack, fieldValue } from './fixtures';

const DETAIL = '/account/bookings/detail';
const FT_DETAIL = '/account/bookings/detail/fast-track';
const CANCEL = '/account/bookings/cancel';
const PDF = '/account/bookings/pdf-stream';

const cancelled = (overrides: Partial<Booking> = {}) =>
  booking({
    tab: 'cancelled',
    cancelledAt: '2026-11-20T10:00:00Z',
    cancellation: { allowed: false, refundable: false, noticeHours: 48 },
    ...overrides,
  });

function openDetail(handlers: Record<string, Handler>, url = `${DETAIL}?bookingId=LNG4F7K2Q`) {
  logIn();
  mockApi({ ...accountHandlers, ...handlers });
  return renderApp(url);
}

/** The dialog's body: the refund rule, or "Checking…" (busy) while the booking is asked again. */
const dialogBody = (dialog: HTMLElement) =>
  document.getElementById(dialog.getAttribute('aria-describedby')!)!;
const bodyTexts = (dialog: HTMLElement) =>
  [...dialogBody(dialog).querySelectorAll('p')].map((p) => p.textContent);
const busy = (dialog: HTMLElement) =>
  dialogBody(dialog).querySelector('[aria-busy]')?.getAttribute('aria-busy');

/** Opens the dialog, and waits for the booking asked again as it opens. */
const openCancel = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel booking LNG4F7K2Q?' });
  await waitFor(() => expect(busy(dialog)).toBe('false'));
  return dialog;
};

/** A response held back until the test lets it go. */
function held() {
  let release: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => (release = resolve));
  return { response, release: (answer: Response) => release(answer) };
}

describe('booking detail (/account/bookings/detail)', () => {
  it('shows every field, what was paid, and the actions', async () => {
    const detail = vi.fn<Handler>(() => envelope(booking()));
    openDetail({ [DETAIL]: detail });
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Details' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Skyview Lounge' });
    const fields = document.querySelector('dl')!;
    expect(fieldValue(fields, 'Status')).toBe('Booked');
    expect(fieldValue(fields, 'Booking ID')).toBe('LNG4F7K2Q');
    expect(fieldValue(fields, 'Date and time of visit')).toBe('Tue 1 Dec 2026, 14:30 local time');
    expect(fieldValue(fields, 'Passengers')).toBe('2');
    expect(fieldValue(fields, 'Passenger names')).toBe('Jane Doe, John Doe');
    expect(fieldValue(fields, 'Payment card')).toBe('Visa •••• 4242');
    expect(fieldValue(fields, 'Contact number')).toBe('+44 7700 900123');
    expect(fieldValue(fields, 'Email')).toBe('jane@example.com');
    expect(fieldValue(fields, 'Flight number')).toBe('BA117');
    expect(fieldValue(fields, 'Amount paid')).toBe('£60.00');
    expect(fieldValue(fields, 'Passes used')).toBe('0');
    expect(fieldValue(fields, 'Booked on')).toBe('3 Nov 2026');
    expect(within(fields).queryByText('Refund')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download confirmation (PDF)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My bookings' }).getAttribute('href')).toBe(
      '/account/bookings?tab=booked',
    );
    expect(detail).toHaveBeenCalledWith({ bookingId: 'LNG4F7K2Q' }, expect.anything());
  });

  it('offers no cancelling of a past booking', async () => {
    openDetail({
      [DETAIL]: () =>
        envelope(
          booking({
            tab: 'past',
            cancellation: { allowed: false, refundable: false, noticeHours: 48 },
          }),
        ),
    });
    await screen.findByRole('heading', { level: 2, name: 'Skyview Lounge' });
    expect(fieldValue(document.querySelector('dl')!, 'Status')).toBe('Completed');
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download confirmation (PDF)' })).toBeTruthy();
  });

  it('says when the booking is not found, with the way back', async () => {
    openDetail({ [DETAIL]: () => failure('10002', 'not found') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Booking not found' }),
    ).toBeTruthy();
    expect(
      screen.getByText('We could not find a booking with the ID LNG4F7K2Q in your account.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My bookings' }).getAttribute('href')).toBe(
      '/account/bookings',
    );
  });

  it('does not ask the server about an ID that cannot be one', async () => {
    const detail = vi.fn<Handler>(() => envelope(booking()));
    openDetail({ [DETAIL]: detail }, `${DETAIL}?bookingId=%3Cx%3E`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Booking not found' }),
    ).toBeTruthy();
    expect(detail).not.toHaveBeenCalled();
  });

  it('shows a fast-track booking from its own call', async () => {
    const ftDetail = vi.fn<Handler>(() => envelope(fastTrack()));
    openDetail({ [FT_DETAIL]: ftDetail }, '/account/bookings/ftdetail?bookingId=ft9a8b7c6');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fast Track Booking Details' }),
    ).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Security Fast Track' });
    expect(ftDetail).toHaveBeenCalledWith({ bookingId: 'FT9A8B7C6' }, expect.anything());
    const fields = document.querySelector('dl')!;
    expect(fieldValue(fields, 'Payment card')).toBe('Paid with passes');
    expect(fieldValue(fields, 'Passes used')).toBe('1');
  });

  it.each([
    [
      'a card refund on its way',
      {
        state: 'pending',
        amount: { amount: 6000, currency: 'GBP' },
        dueBy: '2026-12-08',
        passesReturned: 0,
      },
      ['Refund of £60.00 on its way: refunds take about 5 working days (expected by 8 Dec 2026).'],
    ],
    [
      'a card refund made',
      {
        state: 'refunded',
        amount: { amount: 6000, currency: 'GBP' },
        dueBy: '2026-12-08',
        passesReturned: 0,
      },
      ['Refunded: £60.00 returned to your card.'],
    ],
    [
      'passes returned',
      { state: 'none', amount: { amount: 0, currency: 'GBP' }, dueBy: null, passesReturned: 2 },
      ['2 passes returned to your membership'],
    ],
    [
      'no refund',
      { state: 'none', amount: { amount: 0, currency: 'GBP' }, dueBy: null, passesReturned: 0 },
      ['No refund: cancelled less than 48 hours before the visit'],
    ],
  ] as const)('shows a cancelled booking with %s', async (_, refund, lines) => {
    openDetail({ [DETAIL]: () => envelope(cancelled({ refund })) });
    await screen.findByRole('heading', { level: 2, name: 'Skyview Lounge' });
    const fields = document.querySelector('dl')!;
    expect(fieldValue(fields, 'Status')).toBe('Cancelled');
    expect(fieldValue(fields, 'Cancelled on')).toBe('20 Nov 2026');
    expect(fieldValue(fields, 'Refund')).toBe(lines.join(''));
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });
});

describe('cancelling a booking', () => {
  it.each([
    [
      'refundable, paid by card',
      booking(),
      ['You will be refunded £60.00 to your card in about 5 working days.'],
    ],
    [
      'refundable, paid with passes',
      booking({ paid: { amount: 0, currency: 'GBP' }, paymentCard: null, passesUsed: 2 }),
      ['Your 2 passes will be returned at once.'],
    ],
    [
      'refundable, paid by card and a pass',
      booking({ paid: { amount: 3000, currency: 'GBP' }, passesUsed: 1 }),
      [
        'You will be refunded £30.00 to your card in about 5 working days.',
        'Your 1 pass will be returned at once.',
      ],
    ],
    [
      'too late for a refund',
      booking({ cancellation: { allowed: true, refundable: false, noticeHours: 48 } }),
      [
        'Your visit is less than 48 hours away, so this booking will not be refunded and passes will not be returned.',
      ],
    ],
  ] as const)('states the refund rule when %s', async (_, answer, lines) => {
    const cancel = vi.fn<Handler>(() => envelope(cancelled()));
    const detail = vi.fn<Handler>(() => envelope(answer));
    const { user } = openDetail({ [DETAIL]: detail, [CANCEL]: cancel });
    const dialog = await openCancel(user);
    // Asked again as the dialog opened: the page's answer may be hours old.
    expect(detail).toHaveBeenCalledTimes(2);
    expect(bodyTexts(dialog)).toEqual([
      ...lines,
      'Once cancelled, the booking cannot be restored.',
    ]);
    // The safe choice has focus first.
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Keep booking' }),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancel).not.toHaveBeenCalled();
  });

  it('cancels, says so with the refund, and shows the booking as cancelled', async () => {
    let state = booking();
    const after = cancelled({
      refund: {
        state: 'pending',
        amount: { amount: 6000, currency: 'GBP' },
        dueBy: '2026-12-08',
        passesReturned: 0,
      },
    });
    const cancel = vi.fn<Handler>(() => {
      state = after;
      return envelope(after);
    });
    const { user, queryClient } = openDetail({
      [DETAIL]: () => envelope(state),
      [CANCEL]: cancel,
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const reset = vi.spyOn(queryClient, 'resetQueries');
    const dialog = await openCancel(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    const notice = (await screen.findByText('Booking LNG4F7K2Q has been cancelled.')).closest(
      '[role="status"]',
    )!;
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notice.textContent).toBe(
      'Booking LNG4F7K2Q has been cancelled.' +
        'Refund of £60.00 on its way: refunds take about 5 working days (expected by 8 Dec 2026).',
    );
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(cancel).toHaveBeenCalledWith({ bookingId: 'LNG4F7K2Q' }, expect.anything());
    expect(fieldValue(document.querySelector('dl')!, 'Status')).toBe('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(reset).toHaveBeenCalledWith({ queryKey: ['/account/bookings/list/v3'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [DETAIL] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [FT_DETAIL] });
  });

  it('shows "already cancelled" (50008) in the dialog, and the booking as it is now', async () => {
    let state = booking();
    const { user } = openDetail({
      [DETAIL]: () => envelope(state),
      [CANCEL]: () => {
        state = cancelled();
        return failure('50008', 'already cancelled');
      },
    });
    const dialog = await openCancel(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('This booking has already been cancelled.');
    expect(within(dialog).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    await waitFor(() =>
      expect(fieldValue(document.querySelector('dl')!, 'Status')).toBe('Cancelled'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows "cannot be cancelled" (50009) in the dialog', async () => {
    const { user } = openDetail({
      [DETAIL]: () => envelope(booking()),
      [CANCEL]: () => failure('50009', 'not cancellable'),
    });
    const dialog = await openCancel(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This booking can no longer be cancelled because the visit date has passed.',
    );
  });
});

describe('asking for the booking again as the cancel dialog opens', () => {
  it('says "Checking…" (busy) until the answer, then the refund rule of the answer', async () => {
    const late = booking({ cancellation: { allowed: true, refundable: false, noticeHours: 48 } });
    const again = held();
    let calls = 0;
    const { user } = openDetail({
      // Refundable as the page loaded; the visit is under 48 hours away by the time it is asked.
      [DETAIL]: () => (++calls === 1 ? envelope(booking()) : again.response),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking LNG4F7K2Q?' });

    expect(busy(dialog)).toBe('true');
    expect(dialogBody(dialog).querySelector('[aria-busy]')?.getAttribute('aria-live')).toBe(
      'polite',
    );
    expect(bodyTexts(dialog)).toEqual(['Checking…']);
    expect(dialog.textContent).not.toContain('refunded');
    expect(within(dialog).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Keep booking' }),
    );

    again.release(envelope(late));
    await waitFor(() => expect(busy(dialog)).toBe('false'));
    expect(bodyTexts(dialog)).toEqual([
      'Your visit is less than 48 hours away, so this booking will not be refunded and passes will not be returned.',
      'Once cancelled, the booking cannot be restored.',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Keep booking' }),
    );
  });

  it('asks again each time it opens', async () => {
    let refundable = true;
    const detail = vi.fn<Handler>(() =>
      envelope(booking({ cancellation: { allowed: true, refundable, noticeHours: 48 } })),
    );
    const { user } = openDetail({ [DETAIL]: detail });
    let dialog = await openCancel(user);
    expect(bodyTexts(dialog)[0]).toBe(
      'You will be refunded £60.00 to your card in about 5 working days.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    refundable = false;
    dialog = await openCancel(user);
    expect(detail).toHaveBeenCalledTimes(3);
    expect(bodyTexts(dialog)[0]).toBe(
      'Your visit is less than 48 hours away, so this booking will not be refunded and passes will not be returned.',
    );
  });

  it.each([
    ['cancelled meanwhile', cancelled(), 'This booking has already been cancelled.', 'Cancelled'],
    [
      'completed meanwhile',
      booking({
        tab: 'past',
        cancellation: { allowed: false, refundable: false, noticeHours: 48 },
      }),
      'This booking can no longer be cancelled because the visit date has passed.',
      'Completed',
    ],
  ] as const)(
    'says why a booking %s cannot be cancelled, with no way to confirm',
    async (_, now, reason, status) => {
      let calls = 0;
      const cancel = vi.fn<Handler>(() => envelope(cancelled()));
      const { user } = openDetail({
        [DETAIL]: () => envelope(++calls === 1 ? booking() : now),
        [CANCEL]: cancel,
      });
      const dialog = await openCancel(user);
      expect(bodyTexts(dialog)).toEqual([reason]);
      expect(dialog.textContent).not.toContain('refunded');
      expect(within(dialog).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
      const close = within(dialog).getByRole('button', { name: 'Close' });
      expect(document.activeElement).toBe(close);
      // The page shows the booking as it is now, too.
      expect(fieldValue(document.querySelector('dl')!, 'Status')).toBe(status);

      await user.click(close);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
      // The button focus came from is gone: the booking's heading has it.
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Skyview Lounge' }),
      );
      expect(cancel).not.toHaveBeenCalled();
    },
  );

  it('says when the booking could not be asked for, and asks again on Try again', async () => {
    let calls = 0;
    const { user } = openDetail({
      [DETAIL]: () => (++calls === 2 ? new Response('down', { status: 503 }) : envelope(booking())),
    });
    const dialog = await openCancel(user);
    expect(bodyTexts(dialog)).toEqual([
      'We could not check this booking just now, so cannot say what cancelling would refund. Please try again.',
    ]);
    expect(within(dialog).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    // The page's own message, not the server-error overlay over the dialog.
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Keep booking' }),
    );
    await waitFor(() => expect(busy(dialog)).toBe('false'));
    expect(bodyTexts(dialog)[0]).toBe(
      'You will be refunded £60.00 to your card in about 5 working days.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('downloading the confirmation', () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:booking-pdf');
  const revokeObjectURL = vi.fn();
  let clicked: HTMLAnchorElement[] = [];

  beforeEach(() => {
    clicked = [];
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
  });

  afterEach(() => {
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
  });

  it('fetches the PDF with the token and saves it as booking-ID.pdf', async () => {
    let release: () => void = () => {};
    const pdf = vi.fn<Handler>(
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve(
              new Response(new TextEncoder().encode('%PDF-1.7'), {
                headers: { 'content-type': 'application/pdf' },
              }),
            );
        }),
    );
    const { user } = openDetail({ [DETAIL]: () => envelope(booking()), [PDF]: pdf });
    const button = await screen.findByRole('button', { name: 'Download confirmation (PDF)' });
    await user.click(button);

    expect(await screen.findByRole('button', { name: 'Preparing PDF…' })).toBe(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(pdf).toHaveBeenCalledTimes(1);
    expect(pdf).toHaveBeenCalledWith({ bookingId: 'LNG4F7K2Q' }, expect.anything());
    const headers = pdf.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer test-token');

    release();
    await waitFor(() => expect(clicked).toHaveLength(1));
    const link = clicked[0]!;
    expect(link.download).toBe('booking-LNG4F7K2Q.pdf');
    expect(link.getAttribute('href')).toBe('blob:booking-pdf');
    expect(link.isConnected).toBe(false);
    expect(createObjectURL.mock.calls[0]![0].type).toBe('application/pdf');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:booking-pdf'), {
      timeout: 3000,
    });
    expect(button.textContent).toBe('Download confirmation (PDF)');
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('shows why the PDF could not be made', async () => {
    const { user } = openDetail({
      [DETAIL]: () => envelope(booking()),
      [PDF]: () => failure('10002', 'not found'),
    });
    await user.click(await screen.findByRole('button', { name: 'Download confirmation (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not find what you asked for.',
    );
    expect(clicked).toHaveLength(0);
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
