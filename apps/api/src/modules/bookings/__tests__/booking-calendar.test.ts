import { describe, expect, it } from 'vitest';
import { bookingCalendar } from '../booking-calendar';
import { laneBooking } from '../../../../test/booking-fixtures';

describe('bookingCalendar', () => {
  it("says a lane's terminal once in LOCATION (issue 60)", async () => {
    const ics = (await bookingCalendar(laneBooking, new Date('2027-05-02T08:00:00Z'))).replace(
      /\r\n[ \t]/g,
      '',
    );
    expect(ics).toContain(
      'LOCATION:Fast Track Security\\, Terminal 2\\, London Heathrow Airport (LHR)\r\n',
    );
    expect(ics).toContain('DURATION:PT1H');
    // The lane's own entry rule (issue 60, item 5).
    expect(ics).toContain('Entry: within 2 hours either side of your booked time');
  });

  it('replaces the event a calendar has when sent again after a change: same UID, a later SEQUENCE', async () => {
    const first = await bookingCalendar(laneBooking, laneBooking.booking.createdAt);
    const later = await bookingCalendar(laneBooking, new Date('2027-05-03T08:00:00Z'));
    const sequence = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)?.[1]);
    expect(first).toContain('UID:FTLHR23456@lounge-portal');
    expect(later).toContain('UID:FTLHR23456@lounge-portal');
    expect(sequence(later)).toBeGreaterThan(sequence(first));
  });
});
