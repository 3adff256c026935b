import { calls, type Amended, type BookingPrice, type ParsedPayloadOf } from '@portal/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { bookings, memberships, slotHolds, type BookingChange } from '../../db/schema';
import { liveMember, memberOrAuthFailure, type User } from '../../members/member-row';
import { membershipInUse, passesLeft, type MembershipRow } from '../../members/membership-in-use';
import { CallError } from '../../platform/call-error';
import { CannotFulfil, type Fulfil } from '../../platform/checkout';
import { isUniqueViolation } from '../../platform/db-errors';
import { visitDayText } from '../../platform/local-time';
import { formatMoney } from '../../platform/money';
import { enqueueMessage } from '../../platform/outbox';
import {
  bookingWindow,
  givePlaces,
  insideWindow,
  HoldConflict,
  placeHold,
  releaseHold,
  slotRow,
  takePlaces,
  type SlotTime,
} from '../../platform/slots';
import { registerCall } from '../../plugins/calls';
import { askBookingRefund, bookingAttachments } from '../bookings/index';
import { loungeToBook, priceOf, type BookableProduct } from './bookable-product';
import { returnPasses, spendPasses, stateOf } from '../../members/membership-passes';
import { bookedView } from './booked-view';
import { memberContact, secondsLeft } from './hold-calls';
import { priceBooking, refuseExtraGuests } from './lounge-rules';
import { confirmHeldPlaces, holdOfOrder } from './pay-calls';
import { slotAt } from './slot-calls';

const HOUR_MS = 60 * 60 * 1000;

type BookingRow = typeof bookings.$inferSelect;

/** A member's booked lounge visit, locked for the change (a cancel waits, and reads it after). */
async function lockedBooking(tx: Tx, userId: string, by: { reference: string } | { id: string }) {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        'id' in by ? eq(bookings.id, by.id) : eq(bookings.reference, by.reference.toUpperCase()),
        eq(bookings.kind, 'lounge'),
      ),
    )
    .for('update');
  return row;
}

/** Whether a booking can still be changed at `now`: booked, and 48 hours or more ahead. */
const amendable = (booking: BookingRow, now: Date, noticeHours: number) =>
  booking.status === 'booked' && booking.visitAt.getTime() - now.getTime() >= noticeHours * HOUR_MS;

/** The booking as a change leaves it. */
interface Rewrite {
  slot: SlotTime;
  slotId: string;
  date: string;
  guests: string[];
  infants: number;
  flightNumber: string;
  /** What its card payments come to now, and its passes. */
  amount: number;
  passesUsed: number;
  dpid: string | null;
}

/** What the change did to money and passes, for the member's email. */
interface ChangeMoney {
  charged: number;
  refund: number;
  /** Passes spent on the guests added. */
  passesSpent: number;
  passesReturned: number;
}

const passes = (n: number) => `${n} ${n === 1 ? 'pass' : 'passes'}`;

/**
 * Writes a change to a booking (only while it is still booked) and queues the email telling the
 * member. 'limit' when the member has another booking at this lounge on the new day (the
 * database refuses a second); undefined when the booking was cancelled meanwhile.
 */
async function rewriteBooking(
  tx: Tx,
  booking: BookingRow,
  user: User,
  lounge: BookableProduct,
  to: Rewrite,
  money: ChangeMoney,
  now: Date,
): Promise<BookingRow | 'limit' | undefined> {
  const places = 1 + to.guests.length;
  let changed;
  try {
    [changed] = await tx
      .update(bookings)
      .set({
        visitAt: to.slot.startsAt,
        visitDate: to.date,
        slotId: to.slotId,
        places,
        infants: to.infants,
        passengers: places + to.infants,
        passengerNames: [`${user.firstName} ${user.lastName}`, ...to.guests],
        flightNumber: to.flightNumber,
        amount: to.amount,
        passesUsed: to.passesUsed,
        dpid: to.dpid,
      })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'booked')))
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) return 'limit';
    throw err;
  }
  if (!changed) return undefined;
  const money$ = (amount: number) => formatMoney(amount, changed.currency);
  await enqueueMessage(
    tx,
    {
      channel: 'email',
      to: changed.email ?? user.email,
      subject: `Lounge booking changed: ${changed.reference}`,
      body: [
        `Hello ${user.firstName},`,
        '',
        `Your booking ${changed.reference} at ${lounge.product.name} is now for ` +
          `${visitDayText(to.date)} at ${to.slot.time} local time (${lounge.airport.timeZone}), ` +
          `for ${changed.passengerNames.join(', ')}. Flight: ${changed.flightNumber}.`,
        ...(money.charged > 0
          ? [`We have charged ${money$(money.charged)} to your card for the added guests.`]
          : []),
        ...(money.refund > 0
          ? [
              `We are refunding ${money$(money.refund)} to your card; refunds take about 5 working days.`,
            ]
          : []),
        ...(money.passesSpent > 0
          ? [`${passes(money.passesSpent)} used from your membership for the guests added.`]
          : []),
        ...(money.passesReturned > 0
          ? [`${passes(money.passesReturned)} returned to your membership.`]
          : []),
        '',
        'The attached confirmation and calendar entry replace the ones sent before.',
      ].join('\n'),
      // The booking as changed: its new confirmation (and QR) and its calendar entry, whose
      // UID is the booking's, so a calendar moves the event rather than adding one.
      attachments: bookingAttachments(changed),
    },
    now,
  );
  return changed;
}

/** The membership a booked visit is made with: the booking's own, else the one in use. */
async function visitMembership(tx: Tx, userId: string, dpid: string | null) {
  const [row] = dpid
    ? await tx.select().from(memberships).where(eq(memberships.dpid, dpid))
    : [await membershipInUse(tx, userId)];
  return row?.userId === userId ? row : undefined;
}

/** Passes the visit's membership can still spend: none when not active. */
function passesToSpend(row: MembershipRow | undefined, dpid: string | null, now: Date) {
  if (!row || stateOf(row, now) !== 'active') return { dpid, passesLeft: 0 };
  return { dpid: row.dpid, passesLeft: passesLeft(row) };
}

/**
 * How a change pays for added guests: with passes, or by card. The member's choice; without
 * one, the booking's own (a booking made with "No passes: pay by card" pays by card).
 */
function passesChoice(booking: BookingRow, asked: 'use' | 'card' | undefined): 'use' | 'card' {
  return asked ?? (booking.dpid === null && booking.passesUsed === 0 ? 'card' : 'use');
}

/** Removed guests: card money back first (their share of it), then passes back. */
function removalTerms(booking: BookingRow, places: number) {
  if (places >= booking.places) return { refund: 0, passesReturned: 0 };
  const paying = booking.places - booking.passesUsed;
  const unit = paying > 0 ? Math.floor(booking.amount / paying) : 0;
  const removed = booking.places - places;
  const refunded = Math.min(removed, paying);
  return {
    refund: refunded === paying ? booking.amount : refunded * unit,
    passesReturned: removed - refunded,
  };
}

type ChangeAsked = ParsedPayloadOf<typeof calls.amendBooking>;

/**
 * What a change asks of the booking, checked and priced as the save would (the booking locked):
 * the rules of the new visit, then added guests on passes (when the member chose them, while
 * the membership has them) or at the lounge's guest price, and removed ones refunded. Both the
 * quote shown before saving and the save itself use it, so the member is charged what was shown.
 */
async function termsOfChange(
  app: FastifyInstance,
  tx: Tx,
  userId: string,
  payload: ChangeAsked,
  now: Date,
) {
  const booking = await lockedBooking(tx, userId, { reference: payload.bookingId });
  if (!booking) throw new CallError('notFound');
  if (booking.status === 'cancelled') throw new CallError('bookingAlreadyCancelled');
  if (!amendable(booking, now, app.env.REFUND_NOTICE_HOURS))
    throw new CallError('bookingNotAmendable');
  const lounge = await loungeToBook(tx, booking.productId, app.env);
  if (!lounge) throw new CallError('bookingNotAmendable');
  const membership = await visitMembership(tx, userId, booking.dpid);
  refuseExtraGuests(payload.guests.length, lounge, membership);
  const slot = slotAt(lounge, payload.date, payload.time);
  if (!insideWindow(bookingWindow(now, lounge.airport.timeZone), payload.date, slot.startsAt))
    throw new CallError('bookingOutsideWindow');

  const places = 1 + payload.guests.length;
  const choice = passesChoice(booking, payload.passes);
  const cover = passesToSpend(membership, booking.dpid, now);
  let added: BookingPrice | undefined;
  if (places > booking.places) {
    const price = priceBooking({
      places: places - booking.places,
      infants: 0,
      passesLeft: choice === 'use' ? cover.passesLeft : 0,
      passesOnly: false,
      guestPrice: priceOf(lounge),
    });
    if (price === 'no-passes') throw new CallError('noPassesAvailable');
    added = price;
  }
  return {
    booking,
    lounge,
    slot,
    places,
    choice,
    cover,
    added,
    ...removalTerms(booking, places),
  };
}

/** Earlier holds of changes to this booking not paid for yet: asking again replaces them. */
async function releaseEarlierChanges(tx: Tx, bookingId: string, now: Date) {
  const open = await tx
    .select({ id: slotHolds.id })
    .from(slotHolds)
    .where(
      and(
        isNull(slotHolds.releasedAt),
        isNull(slotHolds.orderId),
        sql`${slotHolds.draft}->'amend'->>'bookingId' = ${bookingId}`,
      ),
    );
  for (const hold of open) await releaseHold(tx, hold.id, 'replaced', now);
}

/**
 * A paid change made into the booking, in the transaction of paid -> fulfilled: only while the
 * booking is still booked, 48 hours or more ahead and as it was when the change was priced. The
 * held places become the booking's (its old ones given back when it moved), the passes are
 * spent, the booking rewritten and the member told. Anything else throws CannotFulfil, and the
 * engine refunds the order.
 */
function applyPaidChange(app: FastifyInstance): Fulfil {
  return async (tx, order, now) => {
    const found = await holdOfOrder(tx, order.id);
    const change = found?.hold.draft.amend;
    if (!found || !change || !order.userId) throw new CannotFulfil('no-hold');
    const { hold } = found;
    const booking = await lockedBooking(tx, order.userId, { id: change.bookingId });
    if (
      !booking ||
      !amendable(booking, now, app.env.REFUND_NOTICE_HOURS) ||
      booking.places !== change.fromPlaces ||
      booking.slotId !== change.fromSlotId
    )
      throw new CannotFulfil('booking-changed');
    await confirmHeldPlaces(tx, hold, now);
    if (hold.slotId !== booking.slotId && booking.slotId)
      await givePlaces(tx, booking.slotId, booking.places);
    const { draft } = hold;
    if (
      change.passes > 0 &&
      !(draft.dpid && (await spendPasses(tx, order.userId, draft.dpid, change.passes, now)))
    )
      throw new CannotFulfil('passes-gone');
    const lounge = await loungeToBook(tx, hold.productId, app.env);
    if (!lounge) throw new CannotFulfil('lounge-closed');
    const user = await liveMember(tx, order.userId);
    if (!user) throw new CannotFulfil('member-gone');
    const changed = await rewriteBooking(
      tx,
      booking,
      user,
      lounge,
      {
        slot: { time: draft.time, startsAt: found.startsAt },
        slotId: hold.slotId,
        date: draft.date,
        guests: draft.guests,
        infants: draft.infants,
        // The flight the change was asked with (the booking's own when it named none).
        flightNumber: draft.flightNumber,
        amount: booking.amount + order.amount,
        passesUsed: booking.passesUsed + change.passes,
        dpid: booking.dpid ?? (change.passes > 0 ? draft.dpid : null),
      },
      { charged: order.amount, refund: 0, passesSpent: change.passes, passesReturned: 0 },
      now,
    );
    if (changed === 'limit') throw new CannotFulfil('booking-limit');
    if (!changed) throw new CannotFulfil('booking-changed');
  };
}

/**
 * Changes a booked visit in one transaction, the booking locked: the new slot's places taken
 * before the old ones are given back (nothing oversold, nothing lost), passes spent or returned,
 * a removed paying guest's share asked back from the checkout engine, the booking rewritten.
 * Added guests the passes do not cover are charged: their places are held and the change is
 * made when that hold is paid for (applyPaidChange).
 */
export function registerAmend(app: FastifyInstance): void {
  app.checkout.fulfilWith('lounge-amend', applyPaidChange(app));

  registerCall(app, calls.amendQuote, ({ payload, member }) =>
    app.db.transaction(async (tx) => {
      const terms = await termsOfChange(app, tx, member.userId, payload, app.clock.now());
      const currency = terms.added?.total.currency ?? terms.booking.currency;
      return {
        passengers: terms.places + payload.infants,
        passes: terms.choice,
        passesLeft: terms.cover.passesLeft,
        passesUsed: terms.added?.passesUsed ?? 0,
        paidGuests: terms.added?.paidPassengers ?? 0,
        charge: { amount: terms.added?.total.amount ?? 0, currency },
        passesReturned: terms.passesReturned,
        refund: { amount: terms.refund, currency: terms.booking.currency },
      };
    }),
  );

  registerCall(app, calls.amendBooking, async ({ payload, member }): Promise<Amended> => {
    const now = app.clock.now();
    const { userId } = member;
    const user = await memberOrAuthFailure(app.db, userId);
    const outcome = await app.db.transaction(async (tx) => {
      const { booking, lounge, slot, places, cover, added, refund, passesReturned } =
        await termsOfChange(app, tx, userId, payload, now);
      const row = await slotRow(tx, {
        productId: lounge.product.id,
        startsAt: slot.startsAt,
        localDate: payload.date,
        localTime: slot.time,
        capacity: lounge.capacity,
      });
      const sameSlot = row.id === booking.slotId;
      const flightNumber = payload.flightNumber ?? booking.flightNumber;

      if (added && added.paidPassengers > 0) {
        const change: BookingChange = {
          bookingId: booking.id,
          reference: booking.reference,
          fromSlotId: booking.slotId,
          fromPlaces: booking.places,
          passes: added.passesUsed,
          paidGuests: added.paidPassengers,
          unitAmount: added.unitPrice?.amount ?? 0,
          currency: added.total.currency,
        };
        await releaseEarlierChanges(tx, booking.id, now);
        // Another live hold of the member's there that day (one being paid for): this change
        // waits until it is settled or lapses (one live hold per member, product and day).
        const hold = await placeHold(tx, {
          userId,
          productId: lounge.product.id,
          slotId: row.id,
          // The booking keeps its own places until the change is paid for.
          places: sameSlot ? places - booking.places : places,
          expiresAt: new Date(now.getTime() + app.env.SLOT_HOLD_MINUTES * 60_000),
          draft: {
            date: payload.date,
            time: slot.time,
            flightNumber,
            guests: payload.guests,
            infants: payload.infants,
            dpid: added.passesUsed > 0 ? cover.dpid : null,
            passesOnly: false,
            contact: memberContact(user),
            amend: change,
          },
        }).catch((err: unknown) => {
          throw err instanceof HoldConflict ? new CallError('slotNotAvailable') : err;
        });
        if (!hold) throw new CallError('slotNotAvailable');
        return { kind: 'payment-required' as const, hold, price: added };
      }

      // Places: the new ones taken first, then the old ones given back.
      const toTake = sameSlot ? places - booking.places : places;
      if (toTake > 0 && !(await takePlaces(tx, row.id, toTake)))
        throw new CallError('slotNotAvailable');
      if (sameSlot && toTake < 0) await givePlaces(tx, row.id, -toTake);
      if (!sameSlot && booking.slotId) await givePlaces(tx, booking.slotId, booking.places);

      // Passes and money: added guests use passes; removed ones give back card money first.
      const passesUsed = added?.passesUsed ?? 0;
      if (
        passesUsed > 0 &&
        !(cover.dpid && (await spendPasses(tx, userId, cover.dpid, passesUsed, now)))
      )
        throw new CallError('noPassesAvailable');
      if (refund > 0 && !(await askBookingRefund(tx, booking, refund, now)))
        throw new CallError('bookingNotAmendable');
      if (booking.dpid && passesReturned > 0) await returnPasses(tx, booking.dpid, passesReturned);

      const changed = await rewriteBooking(
        tx,
        booking,
        user,
        lounge,
        {
          slot,
          slotId: row.id,
          date: payload.date,
          guests: payload.guests,
          infants: payload.infants,
          flightNumber,
          amount: booking.amount - refund,
          passesUsed: booking.passesUsed + passesUsed - passesReturned,
          dpid: booking.dpid ?? (passesUsed > 0 ? cover.dpid : null),
        },
        { charged: 0, refund, passesSpent: passesUsed, passesReturned },
        now,
      );
      // Another booking of the member's at this lounge on the new day.
      if (changed === 'limit') throw new CallError('bookingLimitReached');
      if (!changed) throw new CallError('bookingAlreadyCancelled');
      return { kind: 'changed' as const, changed, lounge, passesUsed, passesReturned, refund };
    });
    if (outcome.kind === 'payment-required') {
      const { hold, price } = outcome;
      return {
        outcome: 'payment-required',
        hold: {
          holdId: hold.id,
          expiresAt: hold.expiresAt.toISOString(),
          secondsLeft: secondsLeft(hold, now),
          price,
        },
      };
    }
    const { changed, lounge, passesUsed, passesReturned, refund } = outcome;
    return {
      outcome: 'changed',
      booking: bookedView(app.env, changed, lounge),
      passengers: changed.passengers,
      passesUsed,
      passesReturned,
      refund: { amount: refund, currency: changed.currency },
    };
  });
}
