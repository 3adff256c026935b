import type { Booking, BookingTab, Paged } from '@portal/contract';
import { and, asc, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import { ownedBy, selectBookingRecords } from './booking-query';
import { bookingView } from './booking-view';

/** Which rows each tab holds at `now`. */
function inTab(tab: BookingTab, now: Date): SQL {
  switch (tab) {
    case 'booked':
      return and(eq(bookings.status, 'booked'), gt(bookings.visitAt, now))!;
    case 'past':
      // A visit checked in at the desk is past at once (it may be up to an hour early).
      return or(
        eq(bookings.status, 'completed'),
        and(eq(bookings.status, 'booked'), lte(bookings.visitAt, now)),
      )!;
    case 'cancelled':
      return eq(bookings.status, 'cancelled');
  }
}

/**
 * The order of each tab: booked soonest visit first (the next visit leads), past and cancelled
 * newest visit first. Ties are broken by when it was booked and then by id, so the order is
 * total and paging by offset never repeats or skips a row.
 */
function tabOrder(tab: BookingTab): SQL[] {
  const direction = tab === 'booked' ? asc : desc;
  return [direction(bookings.visitAt), direction(bookings.createdAt), direction(bookings.id)];
}

export interface BookingListQuery {
  userId: string;
  tab: BookingTab;
  page: number;
  pageSize: number;
  now: Date;
  noticeHours: number;
}

export type BookingListPage = Paged<Booking> & {
  tab: BookingTab;
  counts: Record<BookingTab, number>;
};

/** One tab of the member's bookings (in the tab's order, see tabOrder), with every tab's count. */
export async function listBookings(db: Tx, query: BookingListQuery): Promise<BookingListPage> {
  const { userId, tab, page, pageSize, now, noticeHours } = query;
  const tabCount = (t: BookingTab) =>
    sql<number>`count(*) filter (where ${inTab(t, now)})`.mapWith(Number);
  const [counts] = await db
    .select({
      booked: tabCount('booked'),
      past: tabCount('past'),
      cancelled: tabCount('cancelled'),
    })
    .from(bookings)
    .where(ownedBy(userId));
  const records = await selectBookingRecords(db)
    .where(and(ownedBy(userId), inTab(tab, now)))
    .orderBy(...tabOrder(tab))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const tabCounts = {
    booked: counts?.booked ?? 0,
    past: counts?.past ?? 0,
    cancelled: counts?.cancelled ?? 0,
  };
  return {
    tab,
    items: records.map((r) => bookingView(r, now, noticeHours)),
    total: tabCounts[tab],
    page,
    pageSize,
    counts: tabCounts,
  };
}
