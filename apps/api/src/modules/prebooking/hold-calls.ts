import {
  calls,
  REFUND_WORKING_DAYS,
  type BookingContact,
  type BookingPrice,
  type BookingReview,
  type Hold,
  type ReviewBase,
} from '@portal/contract';
import { and, eq, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { placeholders, prepared } from '../../db/prepared';
import {
  airports,
  bookings,
  memberships,
  products,
  productSlots,
  slotHolds,
  users,
  type BookingDraft,
} from '../../db/schema';
import { memberOrAuthFailure, type User } from '../../members/member-row';
import {
  membershipInUse,
  membershipsWithInUse,
  passesLeft,
  type MembershipRow,
} from '../../members/membership-in-use';
import { CallError } from '../../platform/call-error';
import { isDeadlock } from '../../platform/db-errors';
import { isUuid } from '../../platform/ids';
import { ownRowReader } from '../../platform/own-row';
import {
  bookingWindow,
  HoldConflict,
  madeSlotRow,
  placeHold,
  releaseMemberHolds,
  type HoldRow,
  type SlotRow,
  type SlotTime,
} from '../../platform/slots';
import { tokenCheckParts, tokenCheckValues, type TokenCheck } from '../../plugins/auth';
import { registerCall, registerCallCheckingToken, type CallContext } from '../../plugins/calls';
import {
  bookableView,
  decidingKey,
  DECIDING_COLUMNS,
  loungeToBook,
  priceOf,
  shownWindowOf,
  type BookableProduct,
} from './bookable-product';
import { mustBeSpendable, spendableMembership } from '../../members/membership-passes';
import { bookingMembershipView } from './booking-memberships';
import { priceBooking, refuseExtraGuests } from './lounge-rules';
import { mustFindLounge, slotInWindow, unavailable } from './slot-calls';

/** A booking's contact details as the member's own, until they confirm or edit them. */
export const memberContact = (
  user: Pick<User, 'firstName' | 'lastName' | 'email' | 'mobilePrefix' | 'mobileNumber'>,
): BookingDraft['contact'] => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  mobilePrefix: user.mobilePrefix,
  mobileNumber: user.mobileNumber,
  confirmed: false,
});

/** What a draft's price and its guest limit read of the membership it names. */
const PRICED_MEMBERSHIP_COLUMNS = {
  issuer: memberships.issuer,
  status: memberships.status,
  expiresOn: memberships.expiresOn,
  passesPerYear: memberships.passesPerYear,
  passesBought: memberships.passesBought,
  passesUsed: memberships.passesUsed,
};
type PricedMembership = Pick<MembershipRow, keyof typeof PRICED_MEMBERSHIP_COLUMNS>;

/** A product's deciding key as a read with its row found it (decidingKey); null: no row. */
function decidingRead(read: {
  product: Parameters<typeof decidingKey>[0]['product'] | null;
  timeZone: string | null;
}): string | null {
  const { product, timeZone } = read;
  return product && timeZone ? decidingKey({ product, airport: { timeZone } }) : null;
}

/** A hold of the member's as paying for it reads it (ownHoldAt). */
export interface OwnHold {
  hold: HoldRow;
  /** The start of its slot. */
  startsAt: Date;
  /** The membership its draft names, when it is the member's. */
  membership: PricedMembership | null;
  /** What the product is decided by (decidingKey); null: no such product. */
  deciding: string | null;
}

/**
 * A hold of the member's by id, whatever its state, with what paying for it reads besides, in
 * one statement; notFound for anyone else's.
 */
export async function ownHoldAt(tx: Tx, userId: string, holdId: string): Promise<OwnHold> {
  const { product, timeZone, ...rest } = await theMembers(ownHoldStatement(tx), userId, holdId);
  return { ...rest, deciding: decidingRead({ product, timeZone }) };
}

/** The row a statement of one hold finds for the member; notFound for anyone else's hold. */
async function theMembers<Row>(
  statement: { execute(values: { userId: string; holdId: string }): Promise<Row[]> },
  userId: string,
  holdId: string,
): Promise<Row> {
  // Not a uuid: nobody's hold (the database would refuse it as one).
  if (!isUuid(holdId)) throw new CallError('notFound');
  const [found] = await statement.execute({ userId, holdId });
  if (!found) throw new CallError('notFound');
  return found;
}

/** ownHoldAt's statement (prepared.ts). */
const ownHoldStatement = prepared('own_hold', (tx, name) => {
  const { userId, holdId } = placeholders('userId', 'holdId');
  return tx
    .select({
      hold: slotHolds,
      startsAt: productSlots.startsAt,
      membership: PRICED_MEMBERSHIP_COLUMNS,
      product: DECIDING_COLUMNS,
      timeZone: airports.timeZone,
    })
    .from(slotHolds)
    .innerJoin(productSlots, eq(productSlots.id, slotHolds.slotId))
    .leftJoin(
      memberships,
      and(
        eq(memberships.dpid, sql`${slotHolds.draft} ->> 'dpid'`),
        eq(memberships.userId, slotHolds.userId),
      ),
    )
    .leftJoin(products, eq(products.id, slotHolds.productId))
    .leftJoin(airports, eq(airports.iataCode, products.airportCode))
    .where(and(eq(slotHolds.id, holdId), eq(slotHolds.userId, userId)))
    .prepare(name);
});

/** ownHold's read: the hold alone, for the calls that need nothing else of it. */
const ownHoldRow = ownRowReader('hold_row', slotHolds, slotHolds.id, slotHolds.userId);

/** A hold of the member's by id, whatever its state; notFound for anyone else's. */
export async function ownHold(tx: Tx, userId: string, holdId: string): Promise<HoldRow> {
  const hold = await ownHoldRow(tx, userId, holdId);
  if (!hold) throw new CallError('notFound');
  return hold;
}

/**
 * A hold still holding its places at `now`: released or lapsed is 'Session expired'. 'booking'
 * is a booking in progress (reviewed, its details confirmed); 'payable' is that or the hold of a
 * change adding paying guests, which is only paid for.
 */
export async function liveHold(
  tx: Tx,
  userId: string,
  holdId: string,
  now: Date,
  kind: 'booking' | 'payable' = 'booking',
): Promise<HoldRow> {
  return stillLive(await ownHold(tx, userId, holdId), now, kind);
}

/** A hold of the member's as read, if it still holds its places at `now` (liveHold). */
export function stillLive(hold: HoldRow, now: Date, kind: 'booking' | 'payable'): HoldRow {
  if (hold.releasedAt || hold.expiresAt.getTime() <= now.getTime())
    throw new CallError('prebookSessionExpired');
  if (hold.draft.amend) {
    if (kind === 'payable') return hold;
    throw new CallError('notFound');
  }
  // Places a waiting list holds are booked through pre-book (which replaces the hold), never
  // reviewed or paid for as they are: their draft names nobody and no flight.
  if (hold.draft.waiting || hold.places !== 1 + hold.draft.guests.length)
    throw new CallError('prebookSessionExpired');
  return hold;
}

export const secondsLeft = (hold: HoldRow, now: Date) =>
  Math.max(0, Math.floor((hold.expiresAt.getTime() - now.getTime()) / 1000));

/**
 * The price of a draft now, from our own tables: the chosen membership's passes (which must
 * still be spendable) and the lounge's guest price.
 */
export async function draftPrice(
  tx: Tx,
  userId: string,
  lounge: BookableProduct,
  draft: BookingDraft,
  now: Date,
): Promise<BookingPrice> {
  const membership = draft.dpid ? await spendableMembership(tx, userId, draft.dpid, now) : null;
  return priceDraft(membership, lounge, draft, now);
}

/**
 * A draft's price with the membership it names as read (none: not the member's), which must be
 * spendable at `now`.
 */
export function priceDraft(
  read: PricedMembership | null | undefined,
  lounge: BookableProduct,
  draft: BookingDraft,
  now: Date,
): BookingPrice {
  const membership = draft.dpid ? mustBeSpendable(read, now) : null;
  const price = priceBooking({
    places: 1 + draft.guests.length,
    infants: draft.infants,
    passesLeft: membership ? passesLeft(membership) : 0,
    passesOnly: draft.passesOnly,
    guestPrice: priceOf(lounge),
  });
  if (price === 'no-passes') throw new CallError('noPassesAvailable');
  return price;
}

/** Whether two totals are the same money (a total not there is no price shown). */
export const sameTotal = (
  a: BookingDraft['quoted'] | undefined,
  b: BookingDraft['quoted'] | undefined,
): boolean => !!a && !!b && a.amount === b.amount && a.currency === b.currency;

/** What a hold keeps of a price it answers: its total (BookingDraft.quoted). */
const quoteOf = (price: BookingPrice): NonNullable<BookingDraft['quoted']> => ({
  amount: price.total.amount,
  currency: price.total.currency,
});

/**
 * A hold's price now, as a call shows it to the member (the price, the review): kept on the
 * hold (BookingDraft.quoted) when it is not what the hold keeps already, for its payment is
 * charged the total last shown (pay-calls.ts). One write only when the price moved.
 */
export async function quotedPrice(
  tx: Tx,
  userId: string,
  bookable: BookableProduct,
  hold: HoldRow,
  now: Date,
): Promise<BookingPrice> {
  const price = await draftPrice(tx, userId, bookable, hold.draft, now);
  if (!sameTotal(hold.draft.quoted, price.total)) {
    // Only the quote: a draft written meanwhile (the contact confirmed) keeps the rest.
    await tx
      .update(slotHolds)
      .set({
        draft: sql`jsonb_set(${slotHolds.draft}, '{quoted}', ${JSON.stringify(quoteOf(price))}::jsonb)`,
      })
      .where(and(eq(slotHolds.id, hold.id), isNull(slotHolds.releasedAt)));
  }
  return price;
}

/** The lounge a hold is for (still bookable), or 'Session expired' when it was withdrawn. */
async function loungeOf(app: FastifyInstance, hold: HoldRow): Promise<BookableProduct> {
  const lounge = await loungeToBook(app.db, hold.productId, app.env);
  if (!lounge) throw new CallError('prebookSessionExpired');
  return lounge;
}

/** What a new hold of a member's at a slot is decided by (memberAtSlot). */
export interface MemberAtSlot {
  /** The member's id. */
  userId: string;
  /** The member's contact details, from their live row. */
  user: Parameters<typeof memberContact>[0];
  /** Whether they have a live booking of the product that day. */
  booked: boolean;
  /** The membership the draft names, when it is the member's. */
  membership: PricedMembership | null;
  /** Their other open holds of the product that day: starting again releases them. */
  earlier: string[];
  /** The slot's row, once anyone has asked for it. */
  slot: Pick<SlotRow, 'id' | 'taken' | 'capacity'> | null;
  /** What the hold is decided by of the product's row (decidingKey); null: no such product. */
  deciding: string | null;
}

/**
 * Everything of the member's a hold at `slot` is decided by, as last committed, in one statement
 * (issue 23: a pre-book was ten statements, most of them refusals of a full slot). A deleted
 * member answers authFailure.
 */
export async function memberAtSlot(
  tx: Tx,
  userId: string,
  bookable: BookableProduct,
  slot: SlotTime,
  date: string,
  dpid: string | null,
): Promise<MemberAtSlot> {
  const found = await readMemberAtSlot(
    memberAtSlotStatement(tx),
    { userId },
    bookable,
    slot,
    date,
    dpid,
  );
  if (!found) throw new CallError('authFailure');
  return found;
}

/**
 * memberAtSlot for the member whose token `check` names, the token checked (tokenCheckParts) in
 * the same statement: answered with the member's id, or undefined when the token has no live
 * session (the caller gives the outcome to app.tokenChecked).
 */
export function tokenMemberAtSlot(
  tx: Tx,
  check: TokenCheck,
  bookable: BookableProduct,
  slot: SlotTime,
  date: string,
  dpid: string | null,
): Promise<MemberAtSlot | undefined> {
  const who = tokenCheckValues(check);
  return readMemberAtSlot(tokenMemberAtSlotStatement(tx), who, bookable, slot, date, dpid);
}

/** A member-at-slot statement's row for a slot, if the member was found. */
async function readMemberAtSlot<Who extends object>(
  statement: { execute(values: Record<string, unknown>): Promise<MemberAtSlotRow[]> },
  who: Who,
  bookable: BookableProduct,
  slot: SlotTime,
  date: string,
  dpid: string | null,
): Promise<MemberAtSlot | undefined> {
  const [row] = await statement.execute({
    ...who,
    productId: bookable.product.id,
    startsAt: slot.startsAt,
    date,
    dpid,
  });
  if (!row) return undefined;
  const { product, timeZone, ...rest } = row;
  return { ...rest, deciding: decidingRead({ product, timeZone }) };
}

/**
 * The member-at-slot select for the live member whose id `who` gives (a null dpid matches no
 * membership). Only what the hold is decided by: each column selected costs drizzle time to
 * build and to map (issue 23).
 */
function memberAtSlotSelect(select: Tx['select'], who: SQL | Placeholder) {
  const { productId, startsAt, date, dpid } = placeholders('productId', 'startsAt', 'date', 'dpid');
  return select({
    userId: users.id,
    user: {
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      mobilePrefix: users.mobilePrefix,
      mobileNumber: users.mobileNumber,
    },
    membership: PRICED_MEMBERSHIP_COLUMNS,
    slot: { id: productSlots.id, taken: productSlots.taken, capacity: productSlots.capacity },
    product: DECIDING_COLUMNS,
    timeZone: airports.timeZone,
    booked: sql<boolean>`exists (select 1 from ${bookings} where ${and(
      eq(bookings.userId, users.id),
      eq(bookings.productId, productId),
      eq(bookings.visitDate, date),
      ne(bookings.status, 'cancelled'),
    )})`,
    earlier: sql<string[]>`coalesce((select json_agg(${slotHolds.id}) from ${slotHolds} where ${and(
      eq(slotHolds.userId, users.id),
      eq(slotHolds.productId, productId),
      isNull(slotHolds.releasedAt),
      eq(slotHolds.localDate, date),
    )}), '[]'::json)`,
  })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.dpid, dpid), eq(memberships.userId, users.id)))
    .leftJoin(
      productSlots,
      and(eq(productSlots.productId, productId), eq(productSlots.startsAt, startsAt)),
    )
    .leftJoin(products, eq(products.id, productId))
    .leftJoin(airports, eq(airports.iataCode, products.airportCode))
    .where(and(eq(users.id, who), isNull(users.deletedAt)));
}
type MemberAtSlotRow = Awaited<ReturnType<typeof memberAtSlotSelect>>[number];

/** memberAtSlot's statement (prepared.ts). */
const memberAtSlotStatement = prepared('member_at_slot', (tx, name) =>
  memberAtSlotSelect(tx.select.bind(tx), sql.placeholder('userId')).prepare(name),
);

/** tokenMemberAtSlot's statement: the token's check its first CTEs (prepared.ts). */
const tokenMemberAtSlotStatement = prepared('token_member_at_slot', (tx, name) => {
  const { slide, live } = tokenCheckParts(
    tx,
    placeholders('tokenHash', 'now', 'idleSince', 'slideBefore'),
  );
  const withCheck = tx.with(slide, live);
  return memberAtSlotSelect(
    withCheck.select.bind(withCheck),
    sql`(select ${live.userId} from ${live})`,
  ).prepare(name);
});

/** A booking's contact details as the calls answer them. */
export const contactOf = (draft: Pick<BookingDraft, 'contact'>): BookingContact => ({
  firstName: draft.contact.firstName,
  lastName: draft.contact.lastName,
  email: draft.contact.email,
  mobileNoPrefix: draft.contact.mobilePrefix,
  mobileNo: draft.contact.mobileNumber,
  confirmed: draft.contact.confirmed,
});

/** How often a pre-book looks again when another of the member's own committed first. */
const HOLD_ATTEMPTS = 4;

/**
 * A booking in progress held: the member's earlier holds at the product that day (and the one
 * named to replace) released, then the draft's places held in the slot for SLOT_HOLD_MINUTES.
 * A member holds places at a product on one day once at most (issue 61): however many pre-books
 * they send at once, the database keeps one live hold (slot_holds_live_member_day_idx), and one
 * that finds another committed since it looked (HoldConflict) looks again and replaces it.
 * Answers the hold with its price; a slot without the places is refused as the flow says it.
 * `at` is the member at the slot, when the caller has read it (memberAtSlot).
 */
export async function holdDraft(
  app: FastifyInstance,
  userId: string,
  bookable: BookableProduct,
  slot: SlotTime,
  draft: BookingDraft,
  replaceHoldId: string | undefined,
  at?: MemberAtSlot,
): Promise<Hold> {
  const now = app.clock.now();
  const read = () => memberAtSlot(app.db, userId, bookable, slot, draft.date, draft.dpid);
  let known = at ?? (await read());
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await holdOnce(app, userId, bookable, slot, draft, replaceHoldId, known, now);
    } catch (err) {
      // Another of the member's pre-books of the day held first, or met this one's lets-go in
      // the other order (a deadlock: its transaction rolled back whole): looked at again, and
      // refused when they keep coming.
      if (!(err instanceof HoldConflict) && !isDeadlock(err)) throw err;
      if (attempt === HOLD_ATTEMPTS) throw unavailable(bookable);
      known = await read();
    }
  }
}

/** holdDraft's one try, from what the member at the slot was read to be (`known`). */
async function holdOnce(
  app: FastifyInstance,
  userId: string,
  bookable: BookableProduct,
  slot: SlotTime,
  draft: BookingDraft,
  replaceHoldId: string | undefined,
  known: MemberAtSlot,
  now: Date,
): Promise<Hold> {
  const price = priceDraft(known.membership, bookable, draft, now);
  const full = known.slot && known.slot.taken + price.passengers > known.slot.capacity;
  /** The member's own holds there to give back first (their places count as free to them). */
  const releasing = known.earlier.length > 0 || replaceHoldId !== undefined;
  // A slot full as last committed, with nothing of the member's to give back first, is refused
  // as the take would refuse it, without a transaction: most of a popular slot's pre-books.
  if (full && !releasing) throw unavailable(bookable);
  /** The draft's places held in the slot (its row made if nobody asked for it before). */
  const place = async (tx: Tx) => {
    const row =
      known.slot ??
      // Missing as the member's read found it: made (or answered, if made meanwhile) at once.
      (await madeSlotRow(tx, {
        productId: bookable.product.id,
        startsAt: slot.startsAt,
        localDate: draft.date,
        localTime: slot.time,
        capacity: bookable.capacity,
      }));
    return placeHold(tx, {
      userId,
      productId: bookable.product.id,
      slotId: row.id,
      places: price.passengers,
      expiresAt: new Date(now.getTime() + app.env.SLOT_HOLD_MINUTES * 60_000),
      // With the total its answer shows: what its payment will be charged.
      draft: { ...draft, quoted: quoteOf(price) },
    });
  };
  const hold = releasing
    ? await app.db.transaction(async (tx) => {
        // One of the member's re-holds at a time, in any process: their others wait here, so
        // two never let go of the same holds in another order (a deadlock).
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        // Choosing again (back from review, another time) lets go of what is held there now,
        // and of the hold named to replace if it is the member's (one that is no hold's id is
        // nobody's: nothing to let go of).
        await releaseMemberHolds(
          tx,
          {
            userId,
            productId: bookable.product.id,
            localDate: draft.date,
            alsoId: replaceHoldId && isUuid(replaceHoldId) ? replaceHoldId : undefined,
          },
          now,
        );
        return place(tx);
      })
    : // Nothing to let go of: the hold is one statement, no transaction around it.
      await place(app.db);
  if (!hold) throw unavailable(bookable);
  return {
    holdId: hold.id,
    expiresAt: hold.expiresAt.toISOString(),
    secondsLeft: secondsLeft(hold, now),
    price,
  };
}

/** What every review step shows of a booking in progress: the hold, the visit, price, contact, rule. */
export async function reviewBase(
  app: FastifyInstance,
  userId: string,
  hold: HoldRow,
  bookable: BookableProduct,
): Promise<ReviewBase> {
  const now = app.clock.now();
  const { draft } = hold;
  return {
    holdId: hold.id,
    expiresAt: hold.expiresAt.toISOString(),
    secondsLeft: secondsLeft(hold, now),
    date: draft.date,
    time: draft.time,
    flightNumber: draft.flightNumber,
    price: await quotedPrice(app.db, userId, bookable, hold, now),
    contact: contactOf(draft),
    cancellation: {
      noticeHours: app.env.REFUND_NOTICE_HOURS,
      refundWorkingDays: REFUND_WORKING_DAYS,
    },
  };
}

/** pre-book, the cardholder details, the price and the review of a booking in progress. */
export function registerHoldCalls(app: FastifyInstance): void {
  type PreBook = CallContext<typeof calls.startPreBooking>['payload'];
  /** The member's read at a slot (memberAtSlot). */
  type ReadMember = (
    lounge: BookableProduct,
    slot: SlotTime,
    date: string,
    dpid: string | null,
  ) => Promise<MemberAtSlot>;
  /** The rules of pre-book the lounge decides, then the member's read at the slot. */
  const lookAt = async (lounge: BookableProduct, payload: PreBook, read: ReadMember) => {
    const window = bookingWindow(app.clock.now(), lounge.airport.timeZone);
    const slot = slotInWindow(lounge, payload.date, payload.time, window);
    return { slot, at: await read(lounge, slot, payload.date, payload.dpid ?? null) };
  };
  /**
   * The lounge as this process keeps it (bookables.find), checked against its row in the
   * member's read: what the hold is decided by unchanged, it decides as the row would (one
   * statement a pre-book). Changed or withdrawn meanwhile, or refused before that check,
   * everything is decided again from the row; a token without a live session is refused.
   */
  const lookAtKept = async (payload: PreBook, read: ReadMember) => {
    const kept = await app.bookables.find(payload.code, 'lounge');
    if (!kept) return undefined;
    try {
      const looked = await lookAt(kept, payload, read);
      return looked.at.deciding === decidingKey(kept) ? { lounge: kept, ...looked } : undefined;
    } catch (err) {
      if (err instanceof CallError && err.errorName !== 'authFailure') return undefined;
      throw err;
    }
  };

  const lookAtRow = async (payload: PreBook, read: ReadMember) => {
    const lounge = await mustFindLounge(app, payload.code);
    return { lounge, ...(await lookAt(lounge, payload, read)) };
  };

  // The token is checked in the member's first read (tokenMemberAtSlot): a refused pre-book,
  // most of a popular slot's, is one statement (issue 23).
  registerCallCheckingToken(
    app,
    calls.startPreBooking,
    async ({ payload, request, token }): Promise<Hold> => {
      /** The member the token was found to be, once the first read has checked it. */
      let checkedUserId: string | undefined;
      const read: ReadMember = async (lounge, slot, date, dpid) => {
        if (checkedUserId) return memberAtSlot(app.db, checkedUserId, lounge, slot, date, dpid);
        const found = await tokenMemberAtSlot(app.db, token, lounge, slot, date, dpid);
        checkedUserId = app.tokenChecked(request, token, found?.userId).userId;
        if (!found) throw new Error('a token checked live answered no member');
        return found;
      };
      const { lounge, slot, at } =
        (await lookAtKept(payload, read)) ?? (await lookAtRow(payload, read));
      const { userId } = at;
      const dpid = payload.dpid ?? null;
      // Guests are weighed by the membership the visit is made with: the one named (read
      // above), else the one in use (read only when there are guests to weigh).
      const guests = payload.guests.length;
      const membership =
        guests > 0 ? (at.membership ?? (await membershipInUse(app.db, userId))) : null;
      refuseExtraGuests(guests, lounge, membership);
      if (at.booked) throw new CallError('bookingLimitReached');
      const draft: BookingDraft = {
        date: payload.date,
        time: payload.time,
        flightNumber: payload.flightNumber,
        guests: payload.guests,
        infants: payload.infants,
        dpid,
        passesOnly: payload.passesOnly,
        contact: memberContact(at.user),
      };
      return holdDraft(app, userId, lounge, slot, draft, payload.replaceHoldId, at);
    },
  );

  registerCall(app, calls.cardholderDetails, async ({ payload, member }) => {
    const hold = await liveHold(app.db, member.userId, payload.holdId, app.clock.now());
    return contactOf(hold.draft);
  });

  registerCall(app, calls.confirmCardholderDetails, async ({ payload, member }) => {
    const now = app.clock.now();
    const hold = await liveHold(app.db, member.userId, payload.holdId, now);
    const draft: BookingDraft = {
      ...hold.draft,
      contact: {
        firstName: payload.firstName,
        lastName: payload.lastName,
        email: payload.email,
        mobilePrefix: payload.mobileNoPrefix,
        mobileNumber: payload.mobileNo,
        confirmed: true,
      },
    };
    // Only while it still holds its places (a lapse between the read and here changes nothing).
    const [saved] = await app.db
      .update(slotHolds)
      .set({ draft })
      .where(and(eq(slotHolds.id, hold.id), isNull(slotHolds.releasedAt)))
      .returning();
    if (!saved) throw new CallError('prebookSessionExpired');
    return contactOf(saved.draft);
  });

  registerCall(app, calls.orderPrice, async ({ payload, member }) => {
    const now = app.clock.now();
    const hold = await liveHold(app.db, member.userId, payload.holdId, now);
    return quotedPrice(app.db, member.userId, await loungeOf(app, hold), hold, now);
  });

  registerCall(app, calls.reviewDetails, async ({ payload, member }): Promise<BookingReview> => {
    const now = app.clock.now();
    const { userId } = member;
    const hold = await liveHold(app.db, userId, payload.holdId, now);
    const lounge = await loungeOf(app, hold);
    const { draft } = hold;
    const { owned, inUse } = await membershipsWithInUse(app.db, userId);
    const membership = owned.find((m) => m.dpid === draft.dpid);
    const user = await memberOrAuthFailure(app.db, userId);
    return {
      ...(await reviewBase(app, userId, hold, lounge)),
      lounge: bookableView(lounge, draft.date, shownWindowOf(lounge, now)),
      passengerNames: [`${user.firstName} ${user.lastName}`, ...draft.guests],
      infants: draft.infants,
      membership: membership
        ? bookingMembershipView(membership, membership.dpid === inUse?.dpid, now)
        : null,
    };
  });
}
