import {
  calls,
  type CallDef,
  type Hold,
  type OrderState,
  type PaymentCard,
  type Slot,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { memberWithSession } from '../../../test/call-helpers';
import { insertBooking, insertMembership } from '../../../test/fixtures';
import { encryptedCardFor, openWithProvider, testCard } from '../../../test/payment-provider';
import { unchecked, type TestApp } from '../../../test/test-app';
import { products } from '../../db/schema';

/*
 * Derived from the contract: every member call that takes the id of a booking or a saved card
 * answers not found (10002) for another member's id, exactly as for an id that does not exist,
 * so ids cannot be probed: bookings, saved cards, memberships (by number), orders and the holds
 * of bookings in progress. The calls
 * that add a membership take a number to claim, not an id of the member's: another member's
 * number answers 30036 there (membership/__tests__/add-membership.test.ts).
 */
const ID_KEYS = ['bookingId', 'cardId', 'dpid', 'orderId', 'holdId'] as const;
const CLAIMS_A_NUMBER = new Set<CallDef>([calls.checkMembershipNumber, calls.addMembership]);
type IdKey = (typeof ID_KEYS)[number];

/** The top-level keys of a call's payload schema, through defaults, optionals and pipes. */
function payloadKeys(schema: z.ZodType): string[] {
  let current = schema as unknown as { _zod: { def: Record<string, unknown> } };
  for (let depth = 0; depth < 10; depth += 1) {
    const def = current._zod.def;
    if (def.type === 'object') return Object.keys(def.shape as object);
    const inner = (def.innerType ?? def.in) as typeof current | undefined;
    if (!inner) return [];
    current = inner;
  }
  return [];
}

const allCalls: [string, CallDef][] = Object.entries(calls);
const idCalls = allCalls
  .filter(([, call]) => call.auth === 'member' && !CLAIMS_A_NUMBER.has(call))
  .map(([name, call]) => {
    const key = payloadKeys(call.payload).find((k): k is IdKey =>
      (ID_KEYS as readonly string[]).includes(k),
    );
    return { name, call, key };
  })
  .filter((entry): entry is { name: string; call: CallDef; key: IdKey } => Boolean(entry.key));

let t: TestApp;
let close: () => Promise<void>;
const ids: Record<string, string> = {};
let strangerHeaders: Record<string, string>;

beforeAll(async () => {
  ({ t, close } = await openWithProvider({ now: '2026-11-23T12:00:00Z' }));
  const owner = await memberWithSession(t, { email: 'owner@example.com' });
  const stranger = await memberWithSession(t, { email: 'stranger@example.com' });
  strangerHeaders = stranger.headers;
  // Both hold a membership, so the stranger's calls are refused for the id, not for want of one.
  ids.dpid = (await insertMembership(t.app.db, { userId: owner.user.id })).dpid;
  await insertMembership(t.app.db, { userId: stranger.user.id });
  const visitAt = new Date('2026-12-20T10:00:00Z');
  ids.lounge = (await insertBooking(t.app.db, { userId: owner.user.id, visitAt })).reference;
  ids.fastTrack = (
    await insertBooking(t.app.db, { userId: owner.user.id, visitAt, kind: 'fast-track' })
  ).reference;
  const card = testCard('4111111111111111');
  const { body } = await t.call(
    calls.addCard,
    {
      encryptCustomerInput: await encryptedCardFor(t, owner.headers, card),
      cardHolder: card.cardholderName,
      paymentProductId: 1,
    },
    owner.headers,
  );
  ids.card = (body.result as { card: PaymentCard }).card.cardId;
  const order = await t.call(
    calls.prepareMembershipOrder,
    { item: 'pass-pack:1', cardId: ids.card, idempotencyKey: 'owner-scoped-ids-order' },
    owner.headers,
  );
  ids.order = (order.body.result as OrderState).orderId;
  // A lounge booking in progress of the owner's: its places held.
  const [lounge] = await t.app.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.airportCode, 'LHR'), eq(products.kind, 'lounge')))
    .limit(1);
  const slots = await t.call(
    calls.availableTimes,
    { code: lounge!.id, date: SLOT.date },
    owner.headers,
  );
  const open = (slots.body.result as { slots: Slot[] }).slots.find((s) => s.state === 'open');
  prebook = { code: lounge!.id, date: SLOT.date, time: open!.time, flightNumber: 'BA1234' };
  const held = await t.call(calls.startPreBooking, { ...prebook, dpid: ids.dpid }, owner.headers);
  ids.hold = (held.body.result as Hold).holdId;
});
afterAll(async () => {
  await close();
});

/** The rest of a payload that must be whole before the id is looked at. */
const SLOT = { date: '2026-12-01' };
let prebook: { code: string; date: string; time: string; flightNumber: string };
const REST_OF_PAYLOAD = new Map<CallDef, () => object>([
  [
    calls.prepareMembershipOrder,
    () => ({ item: 'pass-pack:1', idempotencyKey: 'a-strangers-checkout-1' }),
  ],
  [calls.startPreBooking, () => prebook],
  [calls.redeemDiningOffer, () => ({ id: 'LHR-DIN-1' })],
  [calls.redeemSpaOffer, () => ({ id: 'LHR-SPA-1' })],
  [calls.prepareBookingOrder, () => ({ idempotencyKey: 'a-strangers-checkout-2' })],
  [calls.fastTrackPrepareOrder, () => ({ idempotencyKey: 'a-strangers-checkout-3' })],
  [calls.amendBooking, () => ({ date: prebook.date, time: prebook.time })],
  [calls.amendQuote, () => ({ date: prebook.date, time: prebook.time })],
  [
    calls.confirmCardholderDetails,
    () => ({
      firstName: 'Sam',
      lastName: 'Stranger',
      email: 'stranger@example.com',
      mobileNoPrefix: '44',
      mobileNo: '7400123456',
    }),
  ],
]);

function idFor(call: CallDef, key: IdKey): string {
  if (key === 'cardId') return ids.card!;
  if (key === 'dpid') return ids.dpid!;
  if (key === 'orderId') return ids.order!;
  if (key === 'holdId') return ids.hold!;
  return call.path.includes('fast-track') ? ids.fastTrack! : ids.lounge!;
}

describe("another member's ids", () => {
  it('are taken by the booking and card calls the contract declares', () => {
    expect(idCalls.map(({ call }) => call.path)).toEqual(
      expect.arrayContaining([
        '/account/bookings/detail',
        '/account/bookings/detail/fast-track',
        '/account/bookings/cancel',
        '/account/bookings/pdf-stream',
        '/payment/add-card/check-status',
        '/payment/set-default',
        '/payment/delete',
        '/membership/switch',
        '/membership/pdf-stream',
        '/membership/charge-price/v2a/prepare-order',
        '/membership/charge-price/v2a/check-payment-status',
        '/lounge/pre-book',
        '/lounge/review-details',
        '/lounge/pre-book/prepare-order/v2a',
        '/lounge/pre-book/check-payment-status/v2a',
        '/lounge/pdf-stream',
        '/lounge/amend',
      ]),
    );
  });

  it.each(idCalls)('answer not found from $name', async ({ call, key }) => {
    const payload = { ...REST_OF_PAYLOAD.get(call)?.(), [key]: idFor(call, key) };
    const { body } = await t.call(call, unchecked(payload), strangerHeaders);
    expect(body).toMatchObject({ state: '0', errorCode: '10002' });
  });

  it('are untouched by those calls: still there for their owner', async () => {
    const cards = await t.call(calls.paymentCards, {}, strangerHeaders);
    expect(cards.body).toMatchObject({ state: '1', result: [] });
    const rows = await t.app.db.query.bookings.findMany();
    const owners = rows.filter(
      (row) => row.reference === ids.lounge || row.reference === ids.fastTrack,
    );
    expect(owners.map((row) => row.status)).toEqual(['booked', 'booked']);
    const saved = await t.app.db.query.paymentCards.findMany();
    expect(saved.map((row) => row.id)).toEqual([ids.card]);
  });
});
