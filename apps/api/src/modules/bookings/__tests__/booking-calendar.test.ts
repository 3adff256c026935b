import { describe, expect, it } from 'vitest';
import { bookingCalendar } from '../booking-calendar';
import { laneBooking } from '../../../../test/booking-fixtures';

describe('bookingCalendar', () => {
  it("says a lane's terminal once in LOCATION (issue 60)", async () => {
    const ics = (await bookingCalendar(laneBooking)).replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(
      'LOCATION:Fast Track Security\\, Terminal 2\\, London Heathrow Airport (LHR)\r\n',
    );
    expect(ics).toContain('DURATION:PT1H');
    // The lane's own entry rule (issue 60, item 5).
    expect(ics).toContain('Entry: within 2 hours either side of your booked time');
  });
});
