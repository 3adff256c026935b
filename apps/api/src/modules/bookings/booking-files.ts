import type { FastifyInstance } from 'fastify';
import type { OutboxAttachment } from '../../db/schema';
import { bookingCalendar } from './booking-calendar';
import { bookingPdfOf } from './booking-pdf';
import { findBookingById } from './booking-query';

/** The files a booking's emails carry: its confirmation PDF and its calendar event. */
export function bookingAttachments(booking: { id: string; reference: string }): OutboxAttachment[] {
  return [
    {
      filename: `booking-${booking.reference}.pdf`,
      contentType: 'application/pdf',
      kind: 'booking-pdf',
      id: booking.id,
    },
    {
      filename: `booking-${booking.reference}.ics`,
      contentType: 'text/calendar; charset=utf-8',
      kind: 'booking-ics',
      id: booking.id,
    },
  ];
}

/** How the outbox makes them, from the booking as it is when the email goes. */
export function registerBookingFiles(app: FastifyInstance): void {
  app.outboxFiles.register('booking-pdf', async (db, id, now) => {
    const record = await findBookingById(db, id);
    return record && bookingPdfOf(app, record, now);
  });
  app.outboxFiles.register('booking-ics', async (db, id, now) => {
    const record = await findBookingById(db, id);
    return record && Buffer.from(await bookingCalendar(record, now), 'utf8');
  });
}
