import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { insertMembership, insertUser } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { memberships, vouchers } from '../../../db/schema';
import { upsertProducts } from '../../catalogue/catalogue-store';
import {
  expireVouchers,
  issueVoucher,
  normaliseVoucherCode,
  useVoucher,
  voucherCode,
  type VoucherRow,
} from '../index';

const NOW = new Date('2026-11-25T10:00:00Z');
const CLOSES = new Date('2026-11-25T21:00:00Z');
const OUTLET = 'NQY-DIN-1';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
});
afterAll(() => t.close());

let serial = 0;
async function member(passesPerYear = 2) {
  serial += 1;
  const user = await insertUser(t.app.db, { email: `voucher.${serial}@example.com` });
  const membership = await insertMembership(t.app.db, { userId: user.id, passesPerYear });
  return { userId: user.id, dpid: membership.dpid };
}

const request = (m: { userId: string; dpid: string }, passesSpent = 0) => ({
  ...m,
  productId: OUTLET,
  localDate: '2026-11-25',
  validUntil: CLOSES,
  passesSpent,
});

/** Gives a voucher's passes back to its membership (what the offers module will do). */
const giveBack = async (tx: Parameters<Parameters<typeof expireVouchers>[2]>[0], v: VoucherRow) => {
  await tx
    .update(memberships)
    .set({ passesUsed: sql`greatest(${memberships.passesUsed} - ${v.passesSpent}, 0)` })
    .where(eq(memberships.dpid, v.dpid ?? ''));
};

describe('voucher codes', () => {
  it('are 8 unambiguous characters in two groups, read back whatever the case or spacing', () => {
    const codes = new Set(Array.from({ length: 2000 }, voucherCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(normaliseVoucherCode(' k7qm 3xpa ')).toBe('K7QM-3XPA');
    expect(normaliseVoucherCode('K7QM-3XPA')).toBe('K7QM-3XPA');
  });
});

describe('a voucher is issued once per member, outlet and day', () => {
  it('answers the open one the second time, and a new one once it was used', async () => {
    const m = await member();
    const first = await issueVoucher(t.app.db, request(m));
    expect(first.issued).toBe(true);
    const again = await issueVoucher(t.app.db, request(m));
    expect(again).toEqual({ issued: false, voucher: first.voucher });
    // Another outlet, or another day: a voucher of its own.
    const spa = await issueVoucher(t.app.db, { ...request(m), productId: 'NQY-SPA-1' });
    expect(spa.issued).toBe(true);
    expect((await useVoucher(t.app.db, first.voucher.code, OUTLET, NOW)).outcome).toBe('used');
    const later = await issueVoucher(t.app.db, request(m));
    expect(later.issued).toBe(true);
    expect(later.voucher.code).not.toBe(first.voucher.code);
  });

  it('tries another code when one is taken', async () => {
    const m = await member();
    const taken = (await issueVoucher(t.app.db, request(await member()))).voucher.code;
    const codes = [taken, 'ZZZZ-2222'];
    const { voucher } = await issueVoucher(t.app.db, request(m), () => codes.shift()!);
    expect(voucher.code).toBe('ZZZZ-2222');
  });
});

describe('a voucher is used once, at its outlet, in time', () => {
  it('refuses a second use, another outlet, an unknown code and a voucher past its time', async () => {
    const m = await member();
    const { voucher } = await issueVoucher(t.app.db, request(m));
    expect(await useVoucher(t.app.db, voucher.code, 'NQY-SPA-1', NOW)).toEqual({
      outcome: 'unknown',
    });
    const used = await useVoucher(t.app.db, voucher.code, OUTLET, NOW);
    expect(used).toMatchObject({ outcome: 'used', voucher: { status: 'used', usedAt: NOW } });
    expect(await useVoucher(t.app.db, voucher.code, OUTLET, NOW)).toMatchObject({
      outcome: 'already-used',
    });
    expect(await useVoucher(t.app.db, 'NONE-2222', OUTLET, NOW)).toEqual({ outcome: 'unknown' });
    const other = await issueVoucher(t.app.db, request(await member()));
    expect(await useVoucher(t.app.db, other.voucher.code, OUTLET, CLOSES)).toMatchObject({
      outcome: 'expired',
    });
  });
});

describe('a voucher left unused expires once and gives its pass back once', () => {
  it('expires at closing time, not before; a second sweep changes nothing', async () => {
    const m = await member(2);
    await t.app.db.update(memberships).set({ passesUsed: 1 }).where(eq(memberships.dpid, m.dpid));
    const { voucher } = await issueVoucher(t.app.db, request(m, 1));
    const before = new Date(CLOSES.getTime() - 1);
    await expireVouchers(t.app.db, before, giveBack);
    const [open] = await t.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(open?.status).toBe('open');

    expect(await expireVouchers(t.app.db, CLOSES, giveBack)).toBeGreaterThanOrEqual(1);
    expect(await expireVouchers(t.app.db, CLOSES, giveBack)).toBe(0);
    const [row] = await t.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row).toMatchObject({ status: 'expired', expiredAt: CLOSES, passesReturned: 1 });
    const [ms] = await t.app.db.select().from(memberships).where(eq(memberships.dpid, m.dpid));
    expect(ms?.passesUsed).toBe(0);
    // Expired, it is no longer open: the member may redeem again that day.
    expect((await issueVoucher(t.app.db, request(m))).issued).toBe(true);
  });

  it('a used voucher never expires and keeps its pass spent', async () => {
    const m = await member(2);
    const { voucher } = await issueVoucher(t.app.db, request(m, 1));
    await useVoucher(t.app.db, voucher.code, OUTLET, NOW);
    await expireVouchers(t.app.db, new Date(CLOSES.getTime() + 86_400_000), giveBack);
    const [row] = await t.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row).toMatchObject({ status: 'used', passesReturned: 0 });
  });
});
