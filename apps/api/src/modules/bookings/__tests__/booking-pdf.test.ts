import { describe, expect, it } from 'vitest';
import { bookingRecord, laneBooking } from '../../../../test/booking-fixtures';
import { pdfText } from '../../../../test/fixtures';
import { bookingConfirmationPdf } from '../booking-pdf';

const now = new Date('2026-01-15T10:00:00Z');

const gdanskBooking = bookingRecord;

/** The value shown next to a label (the last one so named: "Lounge" heads its section too). */
const valueOf = (lines: string[], label: string) => lines[lines.lastIndexOf(label) + 1];
/** Intl puts a no-break space between the currency code and the amount. */
const PLN_240 = 'PLN\u00a0240.00';

describe('bookingConfirmationPdf', () => {
  it("says each kind's own entry rule beside its QR code (issue 60, item 5)", async () => {
    const rule = async (record: typeof laneBooking) =>
      pdfText(await bookingConfirmationPdf(record, now, 48, 'BK1.REF.sig'))
        .join(' ')
        .replace(/\s+/g, ' ');
    const lane = await rule(laneBooking);
    expect(lane).toContain(
      'Show this code at the Fast Track entrance within 2 hours either side of your booked time.',
    );
    expect(lane).not.toContain('1 hour before');
    expect(await rule(gdanskBooking())).toContain(
      'Show this code at the lounge desk from 1 hour before to 3 hours after your booked time.',
    );
  });

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
