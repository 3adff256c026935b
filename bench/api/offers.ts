import { performance } from 'node:perf_hooks';
import { calls, type Voucher } from '@portal/contract';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client';
import { memberships, vouchers } from '../../apps/api/src/db/schema';
import { seed } from '../../apps/api/src/db/seed/index';
import { upsertProducts } from '../../apps/api/src/platform/catalogue/catalogue-store';
import { createSession } from '../../apps/api/src/platform/sessions';
import { every, NQY_PRODUCTS } from '../../apps/api/test/catalogue-fixtures';
import type { Measure } from '../budgets';
import { percentile } from '../support/percentile';
import { buildBenchApp, memberPost } from '../support/bench-app';
import { insertBenchMember } from '../support/members';
import { postgres } from './checkout';

export const REDEEMERS = 200;
export const OUTLET = 'NQY-SPA-1';

/** The catalogue of the offer benches: Newquay's, the spa offer spending a pass, open around the clock. */
export const OFFER_PRODUCTS = NQY_PRODUCTS.map((p) =>
  p.id === OUTLET
    ? {
        ...p,
        weeklyHours: every([{ open: '00:00', close: '24:00' }]),
        offerTerms: {
          credit: null,
          guests: 0,
          cashBack: false as const,
          passes: 1,
          passBuys: 'one 20-minute express treatment',
        },
      }
    : p,
);

/**
 * 200 members redeem a spa offer that spends a pass at once, each double-clicking (two
 * redeem-offer calls together): the latency of each call, redemptions per second, and what must
 * never happen: a member with two vouchers, or a pass spent twice. On PostgreSQL with a pool, as
 * the server runs; the outlet open around the clock, so the bench runs at any hour.
 */
export async function benchOffers(): Promise<Measure[]> {
  const pg = await postgres();
  const database = await openDatabase({ kind: 'pg', url: pg.url, poolSize: 20 });
  try {
    await database.migrate();
    await seed(database.db, { demo: false });
    await upsertProducts(database.db, OFFER_PRODUCTS, 'import');
    const app = await buildBenchApp(database);
    try {
      const now = new Date();
      const members: { userId: string; dpid: string; bearer: string }[] = [];
      for (let i = 0; i < REDEEMERS; i++) {
        const { user, membership } = await insertBenchMember(database, 'Guest', i, now, 2);
        members.push({
          userId: user.id,
          dpid: membership.dpid,
          bearer: await createSession(database.db, user.id, now),
        });
      }
      const post = memberPost(app);
      const times: number[] = [];
      const redeem = async (bearer: string) => {
        const start = performance.now();
        const body = await post<Voucher>(calls.redeemSpaOffer.path, { id: OUTLET }, bearer);
        times.push(performance.now() - start);
        if (body.state !== '1') throw new Error(`redeem-offer failed: ${body.errorCode}`);
        return body.result.code;
      };
      const started = performance.now();
      const pairs = await Promise.all(
        members.map((m) => Promise.all([redeem(m.bearer), redeem(m.bearer)])),
      );
      const seconds = (performance.now() - started) / 1000;

      const ids = members.map((m) => m.userId);
      const issued = await database.db
        .select({ userId: vouchers.userId })
        .from(vouchers)
        .where(inArray(vouchers.userId, ids));
      const perMember = new Map<string, number>();
      for (const v of issued) perMember.set(v.userId!, (perMember.get(v.userId!) ?? 0) + 1);
      const twoVouchers =
        members.filter((m) => perMember.get(m.userId) !== 1).length +
        pairs.filter(([a, b]) => a !== b).length;
      const spent = await database.db
        .select({ used: memberships.passesUsed })
        .from(memberships)
        .where(
          inArray(
            memberships.dpid,
            members.map((m) => m.dpid),
          ),
        );
      const passesTwice = spent.filter((row) => row.used !== 1).length;
      times.sort((a, b) => a - b);
      return [
        {
          name: 'offers: redeem-offer p99, 200 members at once (PostgreSQL)',
          value: percentile(times, 0.99),
          note: `p50 ${percentile(times, 0.5).toFixed(0)} ms; each member redeems twice at once (a double click)`,
        },
        {
          name: 'offers: redemptions per second (PostgreSQL)',
          value: REDEEMERS / seconds,
          note: `${REDEEMERS} vouchers in ${seconds.toFixed(1)} s`,
        },
        {
          name: 'offers: members with more or fewer than one voucher',
          value: twoVouchers,
          note: `${issued.length} vouchers for ${REDEEMERS} members`,
        },
        { name: 'offers: passes not spent exactly once', value: passesTwice },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await pg.done();
  }
}
