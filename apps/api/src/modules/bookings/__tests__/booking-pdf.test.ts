import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/fixtures';
import { bookingConfirmationPdf } from '../booking-pdf';
import type { BookingRecord, BookingRow } from '../booking-view';

const now = new Date('2026-01-15T10:00:00Z');

/** A Gdańsk lounge booking for two Polish passengers, paid in złoty. */
function gdanskBooking(values: Partial<BookingRow> = {}): BookingRecord {
  return {
    booking: {
      id: '00000000-0000-4000-8000-000000000001',
      reference: 'LBGDN23456',
      userId: null,
      dpid: null,
      productId: 'GDN-LNG-1',
      kind: 'lounge',
      visitAt: new Date('2026-02-02T05:30:00Z'),
      visitDate: '2026-02-02',
      slotId: null,
      places: 2,
      infants: 0,
      orderId: null,
      checkedInAt: null,
      flightNumber: 'LO3822',
      passengers: 2,
      passengerNames: ['Łukasz Żółć', 'Zofia Wałęsa'],
      contactPrefix: '48',
      contactNumber: '501234567',
      email: 'lukasz@example.com',
      cardLabel: 'Visa •••• 4242',
      amount: 24000,
      currency: 'PLN',
      passesUsed: 0,
      status: 'booked',
      cancelledAt: null,
      refundState: 'none',
      refundAmount: 0,
      refundDueAt: null,
      passesReturned: 0,
      anonymisedAt: null,
      createdAt: new Date('2026-01-10T08:00:00Z'),
      ...values,
    },
    product: { id: 'GDN-LNG-1', name: 'Salonik Bursztynowy Łódź', terminal: 'Terminal 2' },
    airport: { iataCode: 'GDN', name: 'Gdańsk Lech Wałęsa Airport', timeZone: 'Europe/Warsaw' },
  };
}

/** The value shown next to a label (the last one so named: "Lounge" heads its section too). */
const valueOf = (lines: string[], label: string) => lines[lines.lastIndexOf(label) + 1];
/** Intl puts a no-break space between the currency code and the amount. */
const PLN_240 = 'PLN\u00a0240.00';

describe('bookingConfirmationPdf', () => {
  it('prints names beyond Latin-1 as written, in DejaVu Sans', async () => {
    const pdf = await bookingConfirmationPdf(gdanskBooking(), now, 48);
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\n/);
    expect(raw).toContain('(Booking confirmation LBGDN23456)');

    const lines = pdfText(pdf);
    expect(lines.slice(0, 2)).toEqual(['Booking confirmation', 'Booking ID LBGDN23456']);
    expect(valueOf(lines, 'Lounge')).toBe('Salonik Bursztynowy Łódź');
    expect(valueOf(lines, 'Airport')).toBe('Gdańsk Lech Wałęsa Airport (GDN)');
    expect(valueOf(lines, 'Names')).toBe('Łukasz Żółć, Zofia Wałęsa');
    // 05:30 UTC is 06:30 in Warsaw.
    // (ICU versions differ on the comma after the weekday.)
    expect(valueOf(lines, 'Date of visit')).toMatch(/^Monday,? 2 February 2026 \(2026-02-02\)$/);
    expect(valueOf(lines, 'Time of visit')).toBe('06:30 (local time, Europe/Warsaw)');
    expect(valueOf(lines, 'Amount paid')).toBe(PLN_240);
    expect(lines).not.toContain('CANCELLED');
  });

  it('shows a cancellation in the local calendar and the refund in the currency paid', async () => {
    // Cancelled at 23:30 UTC on Saturday 17 January: already Sunday 18 January in Warsaw.
    const record = gdanskBooking({
      status: 'cancelled',
      cancelledAt: new Date('2026-01-17T23:30:00Z'),
      refundState: 'pending',
      refundAmount: 24000,
      refundDueAt: new Date('2026-01-23T23:30:00Z'),
    });
    const lines = pdfText(await bookingConfirmationPdf(record, now, 48));
    expect(lines).toContain('CANCELLED');
    expect(valueOf(lines, 'Status')).toBe('CANCELLED');
    expect(valueOf(lines, 'Cancelled on')).toBe('2026-01-18');
    expect(valueOf(lines, 'Refund (pending)')).toBe(PLN_240);
    expect(valueOf(lines, 'Refund due by')).toBe('2026-01-23');
    expect(lines.join('\n')).not.toContain('£');
  });
});
