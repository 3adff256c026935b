import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { BookingKind } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { registerCall } from '../../plugins/calls';
import { cancelOwnBooking } from './booking-cancel';
import { listBookings } from './booking-list';
import { bookingCalendar } from './booking-calendar';
import { bookingPdfOf } from './booking-pdf';
import { findOwnBooking } from './booking-query';
import { bookingQr } from './booking-qr';
import { bookingView } from './booking-view';

/** List, detail (lounge and fast track), cancel and the confirmation PDF of the member's bookings. */
export function registerBookingCalls(app: FastifyInstance): void {
  const noticeHours = () => app.env.REFUND_NOTICE_HOURS;

  registerCall(app, calls.bookingList, ({ payload, member }) =>
    listBookings(app.db, {
      userId: member.userId,
      ...payload,
      now: app.clock.now(),
      noticeHours: noticeHours(),
    }),
  );

  const details = [
    [calls.bookingDetail, 'lounge'],
    [calls.fastTrackBookingDetail, 'fast-track'],
  ] as const satisfies readonly (readonly [unknown, BookingKind])[];
  for (const [call, kind] of details) {
    registerCall(app, call, async ({ payload, member }) => {
      const record = await findOwnBooking(app.db, member.userId, payload.bookingId, kind);
      if (!record) throw new CallError('notFound');
      const view = bookingView(record, app.clock.now(), noticeHours());
      // The code to show at the desk or lane, only while the booking is still to be used.
      const qr = view.tab === 'booked' ? bookingQr(app.env, record.booking.reference) : null;
      return { ...view, qr };
    });
  }

  registerCall(app, calls.cancelBooking, ({ payload, member }) =>
    cancelOwnBooking(app.db, {
      userId: member.userId,
      reference: payload.bookingId,
      now: app.clock.now(),
      noticeHours: noticeHours(),
    }),
  );

  registerCall(app, calls.bookingPdf, async ({ payload, member, sendFile }) => {
    const record = await findOwnBooking(app.db, member.userId, payload.bookingId);
    if (!record) throw new CallError('notFound');
    const pdf = await bookingPdfOf(app, record);
    return sendFile(pdf, `booking-${record.booking.reference}.pdf`);
  });

  registerCall(app, calls.bookingCalendarFile, async ({ payload, member, sendFile }) => {
    const record = await findOwnBooking(app.db, member.userId, payload.bookingId);
    if (!record) throw new CallError('notFound');
    return sendFile(
      await bookingCalendar(record, app.clock.now()),
      `booking-${record.booking.reference}.ics`,
    );
  });
}
