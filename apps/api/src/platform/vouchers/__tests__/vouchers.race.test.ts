import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { insertMembership, insertUser } from '../../../../test/fixtures';
import { raceAtLock } from '../../../../test/race';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import type { Tx } from '../../../db/client';
import { memberships, vouchers } from '../../../db/schema';
import { upsertProducts } from '../../catalogue/catalogue-store';
import { expireVouchers, issueVoucher, useVoucher, type VoucherRow } from '../index';

/*
 * Vouchers on PostgreSQL (PGlite runs one transaction at a time, so no race can show there):
 * every caller has read the voucher before any writes, then queues at the write; the guard
 * (`status = 'open'`, the partial unique index) is what lets only one through.
 */
const NOW = new Date('2026-11-25T10:00:00Z');
const CLOSES = new Date('2026-11-25T21:00:00Z');
const OUTLET = 'NQY-DIN-1';
const TILLS = 50;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString(), poolSize: TILLS + 4 });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
}, 60_000);
afterAll(() => t.close());

let serial = 0;
async function member() {
  serial += 1;
  const user = await insertUser(t.app.db, { email: `voucher.race.${serial}@example.com` });
  const membership = await insertMembership(t.app.db, { userId: user.id, passesPerYear: 2 });
  return { userId: user.id, dpid: membership.dpid };
}
const request = (m: { userId: string; dpid: string }, passesSpent = 0) => ({
  ...m,
  productId: OUTLET,
  localDate: '2026-11-25',
  validUntil: CLOSES,
  passesSpent,
});
const giveBack = async (tx: Tx, v: VoucherRow) => {
  await tx
    .update(memberships)
    .set({ passesUsed: sql`greatest(${memberships.passesUsed} - ${v.passesSpent}, 0)` })
    .where(eq(memberships.dpid, v.dpid ?? ''));
};

describe("guard: a voucher is used once (`status = 'open'` in platform/vouchers)", () => {
  it(`${TILLS} tills confirm one voucher at once: exactly one succeeds`, async () => {
    const { voucher } = await issueVoucher(t.app.db, request(await member()));
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from vouchers where id = ${voucher.id} for update`,
      calls: Array.from(
        { length: TILLS },
        () => () => useVoucher(t.app.db, voucher.code, OUTLET, NOW),
      ),
      timeoutMs: 30_000,
    });
    expect(waited).toBe(TILLS);
    expect(results.filter((r) => r.outcome === 'used')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'already-used')).toHaveLength(TILLS - 1);
  }, 60_000);
});

describe('guard: one open voucher per member, outlet and day (the partial unique index)', () => {
  it('20 redemptions while the first is being written: all answer its voucher', async () => {
    const m = await member();
    let first: VoucherRow | undefined;
    const { results } = await raceAtLock(t, {
      lock: async (tx) => {
        first = (await issueVoucher(tx, request(m))).voucher;
      },
      calls: Array.from({ length: 20 }, () => () => issueVoucher(t.app.db, request(m))),
    });
    expect(results.every((r) => !r.issued && r.voucher.id === first?.id)).toBe(true);
    const rows = await t.app.db.select().from(vouchers).where(eq(vouchers.userId, m.userId));
    expect(rows).toHaveLength(1);
  });
});

describe("guard: a voucher expires once (`status = 'open'` in expireVouchers)", () => {
  it('6 sweepers on one lapsed voucher: it expires once and its pass comes back once', async () => {
    // The other tests' vouchers swept first: only this one is left to expire.
    await expireVouchers(t.app.db, CLOSES, giveBack);
    const m = await member();
    await t.app.db.update(memberships).set({ passesUsed: 1 }).where(eq(memberships.dpid, m.dpid));
    const { voucher } = await issueVoucher(t.app.db, request(m, 1));
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from vouchers where id = ${voucher.id} for update`,
      calls: Array.from({ length: 6 }, () => () => expireVouchers(t.app.db, CLOSES, giveBack)),
    });
    expect(waited).toBe(6);
    expect(results.reduce((n, r) => n + r, 0)).toBe(1);
    const [ms] = await t.app.db.select().from(memberships).where(eq(memberships.dpid, m.dpid));
    expect(ms?.passesUsed).toBe(0);
  });
});
