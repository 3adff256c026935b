import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { returnPasses } from '../../members/membership-passes';
import { expireVouchers } from '../../platform/vouchers';
import { registerCall } from '../../plugins/calls';
import { memberVouchers } from './offer-query';
import { registerOfferPdf } from './offer-pdf';
import { registerRedeemCalls } from './redeem';
import { registerVoucherFiles } from './voucher-files';
import { voucherView } from './voucher-view';

export interface OffersOptions {
  /** The voucher sweeper's interval; 0 (tests) runs no timer (tests call `app.expireVouchers`). */
  sweepIntervalMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One sweeper round: vouchers left unused past their time expire, their passes back once. */
    expireVouchers(): Promise<number>;
  }
}

/**
 * Dining and spa offers (issue 20; spec §7 `/dining|spa/redeem-offer`,
 * `/dining/offer-pdf-stream`): single-use vouchers redeemed on the phone, confirmed by the
 * outlet through the operator API, expired by a sweeper with their passes given back.
 */
export const offersModule = fp(
  (app: FastifyInstance, options: OffersOptions) => {
    registerRedeemCalls(app);
    registerOfferPdf(app);
    registerVoucherFiles(app);
    registerCall(app, calls.myVouchers, async ({ member }) => {
      const records = await memberVouchers(app.db, member.userId, app.clock.now());
      const views = records.map((record) => voucherView(app.env, record));
      return [
        ...views.filter((v) => v.status === 'open'),
        ...views.filter((v) => v.status !== 'open'),
      ];
    });

    app.decorate('expireVouchers', () =>
      expireVouchers(app.db, app.clock.now(), (tx, voucher) =>
        voucher.dpid ? returnPasses(tx, voucher.dpid, voucher.passesSpent) : Promise.resolve(),
      ),
    );
    if (options.sweepIntervalMs > 0) {
      const timer = setInterval(() => {
        app
          .expireVouchers()
          .catch((err: unknown) => app.log.error({ err }, 'voucher sweep failed'));
      }, options.sweepIntervalMs);
      timer.unref();
      app.addHook('onClose', () => clearInterval(timer));
    }
  },
  { name: 'offers', dependencies: ['platform', 'auth', 'outbox-worker'] },
);

export { confirmVoucher, type ConfirmedVoucher, type VoucherConfirmation } from './confirm';
