import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { CallError } from '../../platform/call-error';
import { registerCall, sendFile } from '../../plugins/calls';
import { bookingPdfOf, findOwnBooking } from '../bookings/index';

/** pdf-stream: a lounge booking's confirmation, as the account's bookings page gives it. */
export function registerBookingPdf(app: FastifyInstance): void {
  registerCall(app, calls.loungeBookingPdf, async ({ payload, member, reply }) => {
    const record = await findOwnBooking(app.db, member.userId, payload.bookingId, 'lounge');
    if (!record) throw new CallError('notFound');
    const pdf = await bookingPdfOf(app, record);
    return sendFile(reply, pdf, 'application/pdf', `booking-${record.booking.reference}.pdf`);
  });
}
