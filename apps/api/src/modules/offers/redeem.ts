import { calls, type Voucher } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { membershipInUse } from '../../members/membership-in-use';
import { spendableMembership, spendPasses } from '../../members/membership-passes';
import { CallError } from '../../platform/call-error';
import { offerTermsOf } from '../../platform/catalogue/offer-terms';
import { enqueueMessage } from '../../platform/outbox';
import { issueVoucher, voucherDay } from '../../platform/vouchers';
import { registerCall } from '../../plugins/calls';
import { findOffer, type OfferKind } from './offer-query';
import { voucherEmail } from './voucher-email';
import { voucherView } from './voucher-view';

export interface RedeemRequest {
  userId: string;
  kind: OfferKind;
  id: string;
  dpid?: string | undefined;
}

/**
 * Redeems an offer (issue 20), in one transaction: the membership must be usable; the voucher
 * is for the outlet's local date until it closes; a member's open voucher there that day is
 * answered again (a double click, two tabs, redeeming again), and only a new one spends the
 * offer's pass (a conditional update: none left, nothing is issued) and is emailed.
 */
export async function redeemOffer(app: FastifyInstance, request: RedeemRequest): Promise<Voucher> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const found = await findOffer(tx, request.id, request.kind);
    const terms = found && offerTermsOf(found.product);
    if (!found || !terms) throw new CallError('notFound');
    const dpid = request.dpid ?? (await membershipInUse(tx, request.userId))?.dpid;
    if (!dpid) throw new CallError('notFound');
    await spendableMembership(tx, request.userId, dpid, now);
    const day = voucherDay(found.product.weeklyHours, now, found.airport.timeZone);
    if (!day) throw new CallError('outletClosed');

    const { voucher, issued } = await issueVoucher(tx, {
      userId: request.userId,
      dpid,
      productId: found.product.id,
      ...day,
      passesSpent: terms.passes,
    });
    const view = voucherView(app.env, { voucher, ...found });
    if (issued) {
      if (!(await spendPasses(tx, request.userId, dpid, terms.passes, now)))
        throw new CallError('noPassesAvailable');
      const [user] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, request.userId));
      if (user)
        await enqueueMessage(tx, voucherEmail(user.email, user.firstName, view, voucher.id), now);
    }
    return view;
  });
}

export function registerRedeemCalls(app: FastifyInstance): void {
  registerCall(app, calls.redeemDiningOffer, ({ payload, member }) =>
    redeemOffer(app, { userId: member.userId, kind: 'dining', ...payload }),
  );
  registerCall(app, calls.redeemSpaOffer, ({ payload, member }) =>
    redeemOffer(app, { userId: member.userId, kind: 'spa', ...payload }),
  );
}
