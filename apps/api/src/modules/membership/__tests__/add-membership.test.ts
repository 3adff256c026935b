import { calls, luhnCheckDigit, type Membership } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithSession } from '../../../../test/call-helpers';
import { insertMembership } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { memberships } from '../../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
});
afterAll(() => t.close());

let serial = 0;
async function member() {
  serial += 1;
  const m = await memberWithSession(t, { email: `add.${serial}@example.com` });
  const own = await insertMembership(t.app.db, {
    userId: m.user.id,
    registeredAt: new Date('2025-01-01'),
  });
  return { ...m, own };
}

const check = (m: { headers: Record<string, string> }, dpid: string) =>
  t.call(calls.checkMembershipNumber, { dpid }, m.headers);
const add = (m: { headers: Record<string, string> }, dpid: string) =>
  t.call(calls.addMembership, { dpid }, m.headers);

/** A 16-digit number with a valid check digit that no membership has. */
const unknownNumber = () => {
  const body = `8${String(Date.now()).padStart(13, '0')}${serial % 10}`;
  return body + luhnCheckDigit(body);
};
/** A 16-digit number whose check digit is wrong. */
const badCheckDigit = (dpid: string) => dpid.slice(0, 15) + String((Number(dpid[15]) + 1) % 10);

describe('membership/check-dragonCard', () => {
  it("a free number in the member's name: its card preview, nothing registered yet", async () => {
    const m = await member();
    const free = await insertMembership(t.app.db, { expiresOn: '2028-04-30' });
    const { body } = await check(m, free.dpid);
    expect(body).toMatchObject({
      state: '1',
      // The day as well, for the page to write it as its other dates (issue 60).
      result: { dpid: free.dpid, cardHolder: 'Ann Lee', expiry: '04/28', expiresOn: '2028-04-30' },
    });
    const [row] = await t.app.db.select().from(memberships).where(eq(memberships.dpid, free.dpid));
    expect(row?.userId).toBeNull();
  });

  it('each refusal with the spec’s message', async () => {
    const m = await member();
    const other = await member();
    expectFailure(await check(m, unknownNumber()), 'numberNotRecognised');
    expectFailure(await check(m, badCheckDigit(m.own.dpid)), 'membershipNotRecognised');
    const m2 = await member();
    // Their own number, and another member's.
    expectFailure(await check(m2, m2.own.dpid), 'numberCannotBeAdded');
    expectFailure(await check(m2, other.own.dpid), 'numberCannotBeAdded');
    const suspended = await insertMembership(t.app.db, { status: 'suspended' });
    expectFailure(await check(m2, suspended.dpid), 'membershipSuspended');
    const someoneElses = await insertMembership(t.app.db, { holderName: 'Cy Moss' });
    expectFailure(await check(m2, someoneElses.dpid), 'differentEmailForAdditional');
  });

  it('a number held jointly with another member’s cannot be added; with one’s own, it can', async () => {
    const m = await member();
    const other = await member();
    const jointWithOther = await insertMembership(t.app.db, {
      holderName: 'Dee Lee',
      jointHolders: [other.own.dpid],
    });
    expectFailure(await check(m, jointWithOther.dpid), 'numberCannotBeAdded');
    const jointWithOwn = await insertMembership(t.app.db, {
      holderName: 'Dee Lee',
      jointHolders: [m.own.dpid],
    });
    expect((await check(m, jointWithOwn.dpid)).body).toMatchObject({ state: '1' });
  });

  it('three wrong numbers lock adding for 5 minutes, whatever the number; then it opens', async () => {
    const m = await member();
    const free = await insertMembership(t.app.db);
    expectFailure(await check(m, unknownNumber()), 'numberNotRecognised');
    expectFailure(await check(m, badCheckDigit(free.dpid)), 'membershipNotRecognised');
    expectFailure(await check(m, unknownNumber()), 'membershipNumberLocked', { time: 300 });
    expectFailure(await add(m, free.dpid), 'membershipNumberLocked');
    t.clock.advance(299_000);
    expectFailure(await check(m, free.dpid), 'membershipNumberLocked', { time: 1 });
    t.clock.advance(1_000);
    expect((await check(m, free.dpid)).body).toMatchObject({ state: '1' });
  });

  it('a right number clears the count of wrong ones', async () => {
    const m = await member();
    const free = await insertMembership(t.app.db);
    expectFailure(await check(m, unknownNumber()), 'numberNotRecognised');
    expectFailure(await check(m, unknownNumber()), 'numberNotRecognised');
    expect((await check(m, free.dpid)).body).toMatchObject({ state: '1' });
    expectFailure(await check(m, unknownNumber()), 'numberNotRecognised');
    expectFailure(await check(m, unknownNumber()), 'numberNotRecognised');
  });

  it('needs a login', async () => {
    expectFailure(
      await t.call(calls.checkMembershipNumber, { dpid: unknownNumber() }),
      'authFailure',
    );
  });
});

describe('membership/add', () => {
  it('registers the number to the member; the one in use stays', async () => {
    const m = await member();
    const free = await insertMembership(t.app.db, {
      issuer: 'barclays',
      cardType: 'travel-pack',
      passesPerYear: 6,
    });
    const { body } = await add(m, free.dpid);
    expect(body).toMatchObject({ state: '1' });
    const answered = body.result as Membership[];
    expect(answered.map((x) => [x.dpid, x.inUse])).toEqual([
      [m.own.dpid, true],
      [free.dpid, false],
    ]);
    expect(answered[1]).toMatchObject({ issuer: 'barclays', issuedOn: '2026-11-25' });
    // Now theirs: adding it again is refused.
    expectFailure(await add(m, free.dpid), 'numberCannotBeAdded');
  });

  it('the same refusals as the check, and nothing registered', async () => {
    const m = await member();
    const someoneElses = await insertMembership(t.app.db, { holderName: 'Cy Moss' });
    expectFailure(await add(m, someoneElses.dpid), 'differentEmailForAdditional');
    expectFailure(await add(m, unknownNumber()), 'numberNotRecognised');
    const [row] = await t.app.db
      .select()
      .from(memberships)
      .where(eq(memberships.dpid, someoneElses.dpid));
    expect(row?.userId).toBeNull();
  });

  it('two members adding the same free number: one gets it', async () => {
    const a = await member();
    const b = await member();
    const free = await insertMembership(t.app.db, { holderName: null });
    const answers = await Promise.all([add(a, free.dpid), add(b, free.dpid)]);
    expect(answers.map((r) => r.body.state).sort()).toEqual(['0', '1']);
    const refused = answers.find((r) => r.body.state === '0');
    expectFailure(refused!, 'numberCannotBeAdded');
  });
});
