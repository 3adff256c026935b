import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, type Handler } from '@/testing/mock-api';
import { booking, fastTrack, fieldValue } from './fixtures';
import { cancelled, DETAIL, FT_DETAIL, openDetail, PDF } from './detail-steps';

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
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
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

  it("shows a booked fast-track booking's code for the lane, with when to show it", async () => {
    openDetail(
      { [FT_DETAIL]: () => envelope(fastTrack()) },
      '/account/bookings/ftdetail?bookingId=FT9A8B7C6',
    );
    const qr = await screen.findByRole('img', { name: 'QR code of booking FT9A8B7C6' });
    expect(qr.querySelector('path')?.getAttribute('d')).toBeTruthy();
    expect(
      screen.getByText(
        'Show this code at the Fast Track entrance with your boarding pass, within 2 hours ' +
          'either side of your booked time.',
      ),
    ).toBeTruthy();
  });

  it('shows no code for a cancelled fast-track booking', async () => {
    openDetail(
      {
        [FT_DETAIL]: () =>
          envelope(
            fastTrack({
              tab: 'cancelled',
              cancelledAt: '2026-11-20T10:00:00Z',
              cancellation: { allowed: false, refundable: false, noticeHours: 48 },
            }),
          ),
      },
      '/account/bookings/ftdetail?bookingId=FT9A8B7C6',
    );
    await screen.findByRole('heading', { level: 2, name: 'Security Fast Track' });
    expect(fieldValue(document.querySelector('dl')!, 'Status')).toBe('Cancelled');
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByText(/Show this code/)).toBeNull();
  });

  it("shows a booked lounge booking's code for the desk", async () => {
    openDetail({ [DETAIL]: () => envelope(booking()) });
    expect(await screen.findByRole('img', { name: 'QR code of booking LNG4F7K2Q' })).toBeTruthy();
    expect(
      screen.getByText(
        'Show this code at the lounge desk from 1 hour before to 3 hours after your booked time.',
      ),
    ).toBeTruthy();
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
