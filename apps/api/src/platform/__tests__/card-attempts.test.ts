import { CARD_ATTEMPTS, calls, type OrderState } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithSession } from '../../../test/call-helpers';
import { visaNumber } from '../../../test/card-numbers';
import { savedCard } from '../../../test/checkout-fixtures';
import { insertMembership } from '../../../test/fixtures';
import {
  answerChallenge,
  encryptedCardFor,
  openWithProvider,
  productIdOf,
  testCard,
} from '../../../test/payment-provider';
import type { CallResponse, TestApp } from '../../../test/test-app';
import { memberships, orders } from '../../db/schema';
import { openOrder } from '../checkout';

/*
 * The budget against card testing (issue 60, item 1): new cards and declines count, orders do
 * not. A member who pays is never stopped, however often; one who tries card after card is.
 * IP_LIMIT_FACTOR 1: the budget as deployed.
 */

let t: TestApp;
let close: () => Promise<void>;
beforeAll(
  async () =>
    ({ t, close } = await openWithProvider({
      now: '2026-11-25T10:00:00Z',
      env: { IP_LIMIT_FACTOR: '1' },
    })),
);
afterAll(() => close());

const PAYS = '4111111111111111';
const CHALLENGES = '4000002760003184';
const DECLINES = '4000000000000341';

let serial = 0;
async function buyer() {
  serial += 1;
  const m = await memberWithSession(t, { email: `card.budget.${serial}@example.com` });
  const own = await insertMembership(t.app.db, {
    userId: m.user.id,
    registeredAt: new Date('2025-01-01'),
    passesPerYear: 4,
  });
  return { ...m, own };
}
type Buyer = Awaited<ReturnType<typeof buyer>>;

const key = () => `budget-${serial}-${Math.random().toString(36).slice(2, 12)}`;
const stateOf = (response: CallResponse) => {
  expect(response.body).toMatchObject({ state: '1' });
  return response.body.result as OrderState;
};
const buyByCard = (b: Buyer, cardId: string) =>
  t.call(
    calls.prepareMembershipOrder,
    { item: 'pass-pack:1', cardId, idempotencyKey: key() },
    b.headers,
  );

async function addCard(b: Buyer, cardNumber: string) {
  const card = testCard(cardNumber);
  const encryptCustomerInput = await encryptedCardFor(t, b.headers, card);
  return t.call(
    calls.addCard,
    {
      encryptCustomerInput,
      cardHolder: card.cardholderName,
      paymentProductId: productIdOf(cardNumber),
    },
    b.headers,
  );
}

/** A purchase that charges nothing (as a booking passes cover is): through the engine. */
async function buyFree(b: Buyer) {
  const opened = await openOrder(
    t.app.db,
    {
      userId: b.user.id,
      idempotencyKey: key(),
      purpose: 'passes',
      subject: b.own.dpid,
      lines: [{ item: 'pass-pack:1', description: '1 lounge pass', quantity: 1, unitAmount: 0 }],
      currency: 'GBP',
    },
    t.clock.now(),
  );
  return t.app.checkout.complete(opened.order);
}

const passesBoughtOf = async (dpid: string) =>
  (await t.app.db.select().from(memberships).where(eq(memberships.dpid, dpid)))[0]!.passesBought;

describe('the budget against card testing, per member', () => {
  it('never stops a member who pays: 5 new cards, then 30 purchases in an hour, none refused', async () => {
    const b = await buyer();
    // Five cards, one of them asking for 3-D Secure at every payment; one card tried twice.
    for (const number of [PAYS, CHALLENGES, visaNumber(1), visaNumber(2)]) {
      expect((await addCard(b, number)).body).toMatchObject({ state: '1' });
    }
    expect((await addCard(b, PAYS)).body).toMatchObject({ state: '0', errorCode: '61010' });
    const cards = (await t.call(calls.paymentCards, {}, b.headers)).body.result as {
      cardId: string;
      last4: string;
    }[];
    const pays = cards.find((c) => c.last4 === '1111')!.cardId;
    const challenges = cards.find((c) => c.last4 === '3184')!.cardId;

    let fulfilled = 0;
    for (let i = 0; i < 30; i += 1) {
      t.clock.advance(60_000);
      if (i === 10) {
        // 3-D Secure declined at the bank, then the member tries again and approves.
        const first = stateOf(await buyByCard(b, challenges));
        await answerChallenge(first.threeDSRedirectUrl!, 'decline');
        const status = { orderId: first.orderId };
        expect(stateOf(await t.call(calls.checkMembershipPayment, status, b.headers)).outcome).toBe(
          'failed',
        );
        const retry = stateOf(await buyByCard(b, challenges));
        await answerChallenge(retry.threeDSRedirectUrl!, 'approve');
        const again = { orderId: retry.orderId };
        expect(stateOf(await t.call(calls.checkMembershipPayment, again, b.headers)).outcome).toBe(
          'fulfilled',
        );
      } else if (i % 3 === 0) {
        expect((await buyFree(b)).outcome).toBe('fulfilled');
      } else {
        expect(stateOf(await buyByCard(b, pays)).outcome).toBe('fulfilled');
      }
      fulfilled += 1;
    }
    expect(fulfilled).toBe(30);
    expect(await passesBoughtOf(b.own.dpid)).toBe(30);
    // And one more card still goes through.
    expect((await addCard(b, visaNumber(3))).body).toMatchObject({ state: '1' });
  });

  it('stops a member trying new card numbers one after another by the tenth, for 15 minutes', async () => {
    const b = await buyer();
    for (let n = 0; n < CARD_ATTEMPTS.max; n += 1) {
      const { body } = await addCard(b, visaNumber(100 + n));
      expect(body).toMatchObject({ state: '1' });
    }
    const tenth = await addCard(b, visaNumber(200));
    expectFailure(tenth, 'cardAttemptsLocked', { time: CARD_ATTEMPTS.lockSeconds });
    expect(tenth.body.errorMsg).toBe(
      'Too many new cards or declined payments on your account in the last hour. Please wait 15 minutes and try again.',
    );
    // Card payments wait too, and are not charged; a purchase that charges nothing does not.
    const cards = (await t.call(calls.paymentCards, {}, b.headers)).body.result as {
      cardId: string;
    }[];
    expect(cards).toHaveLength(CARD_ATTEMPTS.max);
    const refused = await buyByCard(b, cards[0]!.cardId);
    expectFailure(refused, 'cardAttemptsLocked');
    const [order] = await t.app.db.select().from(orders).where(eq(orders.userId, b.user.id));
    expect(order).toMatchObject({ status: 'failed', failureReason: 'card-attempts-locked' });
    expect(order!.chargeAskedAt).toBeNull();
    expect((await buyFree(b)).outcome).toBe('fulfilled');
    // Another member is not affected.
    const other = await buyer();
    expect((await addCard(other, visaNumber(300))).body).toMatchObject({ state: '1' });

    t.clock.advance(CARD_ATTEMPTS.lockSeconds * 1000 - 60_000);
    const late = (await addCard(b, visaNumber(201))).body;
    expect(late.errorCode).toBe('10031');
    expect(late.errorMsg).toContain('Please wait 1 minute and');
    t.clock.advance(60_000);
    expect(stateOf(await buyByCard(b, cards[0]!.cardId)).outcome).toBe('fulfilled');
  });

  it('counts each declined payment once, and refuses card payments after the ninth', async () => {
    const b = await buyer();
    const declines = await savedCard(t, b.user.id, DECLINES);
    for (let n = 0; n < CARD_ATTEMPTS.max; n += 1) {
      const state = stateOf(await buyByCard(b, declines));
      expect(state).toMatchObject({ outcome: 'failed', failureReason: '430285' });
      // Asked again, the same decline is not counted again.
      const status = { orderId: state.orderId };
      expect(stateOf(await t.call(calls.checkMembershipPayment, status, b.headers)).outcome).toBe(
        'failed',
      );
    }
    const pays = await savedCard(t, b.user.id, PAYS, { isDefault: false });
    expectFailure(await buyByCard(b, pays), 'cardAttemptsLocked', {
      time: CARD_ATTEMPTS.lockSeconds,
    });
    expect(await passesBoughtOf(b.own.dpid)).toBe(0);
  });
});
