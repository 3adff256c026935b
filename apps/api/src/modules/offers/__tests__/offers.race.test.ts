import { calls, type Voucher } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okResult } from '../../../../test/call-helpers';
import { raceAtLock } from '../../../../test/race';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { visits } from '../../../db/schema';
import {
  confirmAtTill,
  loadOffers,
  offerMember,
  PASS,
  passesUsed,
  vouchersOf,
} from './offer-fixtures';

/*
 * Offers on PostgreSQL (PGlite runs one transaction at a time, so no race can show there),
 * through the calls and the operator route: each caller has read what it decides on before any
 * writes (the harness holds them at the row), and only the guards let one through.
 */
const NOW = '2026-11-25T10:00:00Z';
const TILLS = 50;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW, poolSize: TILLS + 4 });
  await loadOffers(t);
}, 60_000);
afterAll(() => t.close());

describe('a voucher is confirmed once (POST /ops-api/vouchers/confirm)', () => {
  it(`${TILLS} tills confirm one voucher at once: exactly one succeeds, one visit`, async () => {
    const m = await offerMember(t);
    const voucher = okResult<Voucher>(await t.call(calls.redeemSpaOffer, { id: PASS }, m.headers));
    const [row] = await vouchersOf(t, m.user.id, PASS);
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from vouchers where id = ${row!.id} for update`,
      calls: Array.from(
        { length: TILLS },
        () => () => confirmAtTill(t, { code: voucher.code, productId: PASS }),
      ),
    });
    expect(waited).toBe(TILLS);
    expect(results.filter((r) => r.body.valid === true)).toHaveLength(1);
    expect(results.filter((r) => r.body.reason === 'already-used')).toHaveLength(TILLS - 1);
    expect(await t.app.db.select().from(visits).where(eq(visits.voucherId, row!.id))).toHaveLength(
      1,
    );
  });
});

describe('a redemption issues one voucher and spends one pass', () => {
  it('20 redemptions of a pass offer at once (double clicks, tabs): one voucher, one pass', async () => {
    const m = await offerMember(t, 3);
    const { results, waited } = await raceAtLock(t, {
      // The pass is spent after the voucher is written: the first redemption waits here with
      // its voucher written, the others behind its voucher's unique index.
      lock: sql`select dpid from memberships where dpid = ${m.dpid} for update`,
      calls: Array.from(
        { length: 20 },
        () => () => t.call(calls.redeemSpaOffer, { id: PASS }, m.headers),
      ),
    });
    expect(waited).toBe(20);
    const codes = new Set(results.map((r) => okResult<Voucher>(r).code));
    expect(codes.size).toBe(1);
    expect(await vouchersOf(t, m.user.id, PASS)).toHaveLength(1);
    expect(await passesUsed(t, m.dpid)).toBe(1);
  });
});
