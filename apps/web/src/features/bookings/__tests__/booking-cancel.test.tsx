import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, failure, type Handler } from '@/testing/mock-api';
import { booking, fieldValue } from './fixtures';
import {
  bodyTexts,
  busy,
  CANCEL,
  cancelled,
  DETAIL,
  dialogBody,
  FT_DETAIL,
  held,
  openCancel,
  openDetail,
} from './detail-steps';
import { dialogsClosed } from '@/testing/dialogs';

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
    await dialogsClosed();
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
    expect(await screen.findByRole('img', { name: 'QR code of booking LNG4F7K2Q' })).toBeTruthy();
    const dialog = await openCancel(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    const notice = (await screen.findByText('Booking LNG4F7K2Q has been cancelled.')).closest(
      '[role="status"]',
    )!;
    await dialogsClosed();
    expect(notice.textContent).toBe(
      'Booking LNG4F7K2Q has been cancelled.' +
        'Refund of £60.00 on its way: refunds take about 5 working days (expected by 8 Dec 2026).',
    );
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(cancel).toHaveBeenCalledWith({ bookingId: 'LNG4F7K2Q' }, expect.anything());
    expect(fieldValue(document.querySelector('dl')!, 'Status')).toBe('Cancelled');
    // The desk's code goes with the booking it was for.
    expect(screen.queryByRole('img', { name: 'QR code of booking LNG4F7K2Q' })).toBeNull();
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
    await dialogsClosed();
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
    await dialogsClosed();

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
      await dialogsClosed();
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
