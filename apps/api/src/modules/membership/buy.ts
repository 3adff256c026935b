import { calls, type OrderState } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { memberships } from '../../db/schema';
import { liveMember } from '../../members/member-row';
import {
  membershipInUse,
  membershipsWithInUse,
  type MembershipRow,
} from '../../members/membership-in-use';
import { CallError } from '../../platform/call-error';
import {
  CannotFulfil,
  findOwnOrder,
  openOrder,
  orderAnswer,
  type ChargeOutcome,
  type Fulfil,
  type Order,
} from '../../platform/checkout';
import { visitDayText } from '../../platform/local-time';
import { enqueueMessage } from '../../platform/outbox';
import { browserOrigin, portalPageUrl } from '../../platform/portal-url';
import { registerCall } from '../../plugins/calls';
import { paidCardLabel, payingCard } from '../payment/index';
import {
  chargePricesFor,
  itemCount,
  membershipToday,
  orderFor,
  renewedExpiry,
} from './charge-prices';
import { noMembership } from './membership-calls';
import { viewOf } from './membership-view';
import { purchaseReceipt } from './purchase-email';

const MEMBERSHIP_PURPOSES = new Set<Order['purpose']>(['passes', 'renewal']);

/** The membership an order is for, still its buyer's, locked; the fulfilment changes it. */
async function orderedMembership(tx: Tx, order: Order): Promise<MembershipRow | undefined> {
  if (!order.userId || !order.subject) return undefined;
  const [row] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.dpid, order.subject), eq(memberships.userId, order.userId)))
    .for('update');
  return row;
}

async function sendReceipt(tx: Tx, order: Order, membership: MembershipRow, now: Date) {
  const user = order.userId ? await liveMember(tx, order.userId) : undefined;
  if (!user) return;
  const paid = {
    cardLabel: await paidCardLabel(tx, user.id, order.cardId),
    on: visitDayText(membershipToday(now)),
  };
  await enqueueMessage(
    tx,
    purchaseReceipt(user.email, user.firstName, order, membership, paid),
    now,
  );
}

/** Pass packs: the passes go onto the membership, if it is still the buyer's and active. */
const addPasses: Fulfil = async (tx, order, now) => {
  const membership = await orderedMembership(tx, order);
  if (membership?.status !== 'active') throw new CannotFulfil('membership-unavailable');
  const passes = order.lines.reduce((n, line) => n + line.quantity * itemCount(line.item), 0);
  const [updated] = await tx
    .update(memberships)
    .set({ passesBought: sql`${memberships.passesBought} + ${passes}` })
    .where(eq(memberships.dpid, membership.dpid))
    .returning();
  await sendReceipt(tx, order, updated ?? membership, now);
};

/** A renewal: an expired membership active again, until the renewal's new expiry. */
const renew: Fulfil = async (tx, order, now) => {
  const membership = await orderedMembership(tx, order);
  const line = order.lines[0];
  if (membership?.status !== 'expired' || !line) {
    throw new CannotFulfil('membership-unavailable');
  }
  const [updated] = await tx
    .update(memberships)
    .set({
      status: 'active',
      expiresOn: renewedExpiry(membership.expiresOn, itemCount(line.item), membershipToday(now)),
    })
    .where(eq(memberships.dpid, membership.dpid))
    .returning();
  await sendReceipt(tx, order, updated ?? membership, now);
};

/** What the page is told of an order: where it stands, and the membership it was for. */
async function orderState(app: FastifyInstance, charged: ChargeOutcome): Promise<OrderState> {
  const { order } = charged;
  const { owned, inUse } = order.userId
    ? await membershipsWithInUse(app.db, order.userId)
    : { owned: [], inUse: undefined };
  const membership = owned.find((m) => m.dpid === order.subject);
  return {
    ...orderAnswer(charged),
    ...(membership
      ? { membership: await viewOf(app.db, membership, membership.dpid === inUse?.dpid) }
      : {}),
  };
}

/**
 * Buying for the membership in use: what it can buy, paying with a saved card through the
 * checkout engine, and where the order stands.
 */
export function registerBuy(app: FastifyInstance): void {
  app.checkout.fulfilWith('passes', addPasses);
  app.checkout.fulfilWith('renewal', renew);

  const usableInUse = async (userId: string) => {
    const inUse = await membershipInUse(app.db, userId);
    if (!inUse) throw noMembership();
    if (inUse.status === 'suspended') throw new CallError('membershipSuspended');
    return inUse;
  };

  registerCall(app, calls.chargePrices, async ({ member }) => {
    const inUse = await usableInUse(member.userId);
    return { dpid: inUse.dpid, items: chargePricesFor(inUse, membershipToday(app.clock.now())) };
  });

  registerCall(app, calls.prepareMembershipOrder, async ({ payload, member, request }) => {
    const now = app.clock.now();
    const inUse = await usableInUse(member.userId);
    // Priced here, from the issuer's prices: an amount or currency in the payload is refused
    // by the contract, and an item this membership cannot buy today is not on the list.
    const price = chargePricesFor(inUse, membershipToday(now)).find((p) => p.item === payload.item);
    if (!price) throw new CallError('invalidRequest');
    const card = await payingCard(app.db, member.userId, payload.cardId, now);
    if (!card) throw new CallError('notFound');

    const opened = await openOrder(
      app.db,
      {
        userId: member.userId,
        idempotencyKey: payload.idempotencyKey,
        subject: inUse.dpid,
        cardId: card.cardId,
        ...orderFor(price),
      },
      now,
    );
    if (opened.outcome === 'key-reused') throw new CallError('orderKeyReused');
    // A retry of a checkout whose charge was asked: told where it stands by the provider
    // (its 3-D Secure page again, if that is where it waits), never charged again.
    const charged = opened.order.chargeAskedAt
      ? await app.checkout.settle(opened.order)
      : await app.checkout.charge(opened.order, {
          token: card.token,
          returnUrl: portalPageUrl(
            app.env,
            '/membership/buy',
            { orderId: opened.order.id, threeDS: 'return' },
            browserOrigin(app.env, request),
          ),
        });
    return orderState(app, charged);
  });

  registerCall(app, calls.checkMembershipPayment, async ({ payload, member }) => {
    const order = await findOwnOrder(app.db, member.userId, payload.orderId);
    if (!order || !MEMBERSHIP_PURPOSES.has(order.purpose)) throw new CallError('notFound');
    return orderState(app, await app.checkout.settle(order));
  });
}
