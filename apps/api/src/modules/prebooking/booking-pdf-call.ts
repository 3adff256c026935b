import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { BookingKind } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { registerCall, type CallContext } from '../../plugins/calls';
import { bookingPdfOf, findOwnBooking } from '../bookings/index';

/** pdf-stream of each flow: a booking's confirmation, as the account's bookings page gives it. */
export function registerBookingPdf(app: FastifyInstance): void {
  const pdfOf =
    (kind: BookingKind) =>
    async ({
      payload,
      member,
      sendFile,
    }: Pick<CallContext<typeof calls.loungeBookingPdf>, 'payload' | 'member' | 'sendFile'>) => {
      const record = await findOwnBooking(app.db, member.userId, payload.bookingId, kind);
      if (!record) throw new CallError('notFound');
      const pdf = await bookingPdfOf(app, record);
      return sendFile(pdf, `booking-${record.booking.reference}.pdf`);
    };
  registerCall(app, calls.loungeBookingPdf, pdfOf('lounge'));
  registerCall(app, calls.fastTrackBookingPdf, pdfOf('fast-track'));
}
