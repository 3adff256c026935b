import { calls } from '@portal/contract';
import type { UsageEntry } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../../../test/call-helpers';
import {
  insertMembership,
  insertUser,
  insertVisit,
  type NewVisit,
} from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { airports, products } from '../../../db/schema';
import { loggedInMember } from './members';

let t: TestApp;
let member: Awaited<ReturnType<typeof loggedInMember>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: '2026-09-01T10:00:00Z' });
  member = await loggedInMember(t, 'history@example.com');
  const membership = await insertMembership(t.app.db, {
    dpid: '4000123412340009',
    userId: member.user.id,
  });
  const mine = async (name: string, visitedAt: string, values: Partial<NewVisit> = {}) => {
    ids[name] = (
      await insertVisit(t.app.db, {
        userId: member.user.id,
        dpid: membership.dpid,
        visitedAt: new Date(visitedAt),
        ...values,
      })
    ).id;
  };
  await mine('winter', '2026-01-10T08:15:00Z', { guests: 2, passesUsed: 3 });
  await mine('summer', '2026-07-02T23:30:00Z', { productId: 'LHR-LNG-2' });
  await mine('spring', '2026-04-20T12:00:00Z', { dpid: null, guests: 1, passesUsed: 0 });
  const stranger = await insertUser(t.app.db, { email: 'someone@example.com' });
  await insertVisit(t.app.db, { userId: stranger.id, visitedAt: new Date('2026-08-01T10:00:00Z') });
});
afterAll(() => t.close());

const history = (payload?: unknown) => member.call(calls.usageHistory, payload);
const entries = (result: unknown) => (result as { items: UsageEntry[] }).items;

describe('/account/usage-history', () => {
  it("lists the member's visits, newest first, in the airport's time with the number masked", async () => {
    const [lounge] = await t.app.db
      .select({ name: products.name, airport: airports.name })
      .from(products)
      .innerJoin(airports, eq(airports.iataCode, products.airportCode))
      .where(eq(products.id, 'LHR-LNG-2'));
    const { body } = await history();
    expect(body.state).toBe('1');
    expect(body.result).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    const items = entries(body.result);
    expect(items.map((e) => e.id)).toEqual([ids.summer, ids.spring, ids.winter]);
    expect(items[0]).toEqual({
      id: ids.summer,
      // 23:30 UTC is 00:30 the next day in London's summer time.
      date: '2026-07-03',
      time: '00:30',
      kind: 'lounge',
      loungeName: lounge?.name,
      airportCode: 'LHR',
      airportName: lounge?.airport,
      guests: 0,
      passesUsed: 1,
      membershipNumber: '•••• •••• •••• 0009',
      amount: null,
    });
    expect(items[1]).toMatchObject({ guests: 1, passesUsed: 0, membershipNumber: null });
    expect(items[2]).toMatchObject({ date: '2026-01-10', time: '08:15', guests: 2, passesUsed: 3 });
  });

  it('pages', async () => {
    const second = await history({ page: 2, pageSize: 2 });
    expect(entries(second.body.result).map((e) => e.id)).toEqual([ids.winter]);
    expect(second.body.result).toMatchObject({ total: 3, page: 2, pageSize: 2 });
  });

  it('shows a member without visits an empty page', async () => {
    const other = await loggedInMember(t, 'novisits@example.com');
    const { body } = await other.call(calls.usageHistory, {});
    expect(body.result).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('answers 20002 without a token and 10001 for a wrong payload', async () => {
    expectFailure(await t.call(calls.usageHistory, {}), 'authFailure');
    expectFailure(await history({ page: 0 }), 'invalidRequest');
    expectFailure(await history({ userId: 'someone' }), 'invalidRequest');
  });
});
